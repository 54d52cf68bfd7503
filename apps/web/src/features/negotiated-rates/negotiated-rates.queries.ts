import { queryOptions } from '@tanstack/react-query';
import {
  fetchBankOptions,
  fetchClientNegotiatedRates,
  fetchClientOptions,
  fetchNegotiatedRates,
  fetchQuoteTypeOptions,
} from './negotiated-rates.api';

// One key factory per area (style.md "Web"); every rate list sits under ['negotiated-rates'].
export const negotiatedRateQueries = {
  /** Every rate the user may see (the dashboard), or one client's. */
  list: (clientId?: number) =>
    queryOptions({
      queryKey: ['negotiated-rates', 'list', clientId ?? 'all'] as const,
      queryFn: () => (clientId === undefined ? fetchNegotiatedRates() : fetchClientNegotiatedRates(clientId)),
    }),
  clientOptions: () =>
    queryOptions({ queryKey: ['negotiated-rates', 'client-options'] as const, queryFn: fetchClientOptions }),
  bankOptions: () =>
    queryOptions({ queryKey: ['negotiated-rates', 'bank-options'] as const, queryFn: fetchBankOptions }),
  quoteTypeOptions: () =>
    queryOptions({
      queryKey: ['negotiated-rates', 'quote-type-options'] as const,
      queryFn: fetchQuoteTypeOptions,
    }),
};

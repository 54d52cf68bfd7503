import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import Stack from '@mui/material/Stack';
import { AmountsInvestedSummary, InvestmentBalanceGraph } from './investment-balance-panel';
import { InvestmentsTable } from './investments-table';
import type { InvestmentScope } from './investments.api';
import { investmentQueries } from './investments.queries';

/**
 * Tab 3 of the client profile (spec 2): the client's investment balance and amounts invested, and the
 * 'Client Investments' table (platform.md 2.8).
 */
export function ClientInvestmentsTab({ clientId }: { clientId: number }) {
  const scope = useMemo<InvestmentScope>(() => ({ kind: 'client', clientId }), [clientId]);
  const widget = useQuery(investmentQueries.clientBalance(clientId));
  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2}>
        <InvestmentBalanceGraph widget={widget.data} isLoading={widget.isLoading} />
        <AmountsInvestedSummary widget={widget.data} isLoading={widget.isLoading} />
      </Stack>
      <InvestmentsTable title="Client Investments" scope={scope} />
    </Stack>
  );
}

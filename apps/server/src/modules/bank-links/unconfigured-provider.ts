import { AppError } from '../../platform/http/app-error';
import type { BankLinkProvider, PullCollectionType } from './bank-link-provider';

/**
 * A provider this server has no settings for: every call answers the plain message (422), so a
 * missing configuration reads as such in the web, never as a failure of the server.
 */
export function createUnconfiguredProvider(name: PullCollectionType, msg: string): BankLinkProvider {
  const refuse = (): Promise<never> => Promise.reject(new AppError(422, msg));
  return {
    name,
    createLinkToken: refuse,
    createUpdateLinkToken: refuse,
    exchangePublicToken: refuse,
    removeLink: refuse,
    fetchTransactions: refuse,
  };
}

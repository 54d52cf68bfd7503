import { BANK_LINK_MSG } from '@tideline/contracts';
import type { Config } from '../../platform/config';
import { createAccessTokenCipher } from './access-token-cipher';
import type { BankLinkProvider } from './bank-link-provider';
import { createPlaidApi } from './plaid/plaid-api';
import { createPlaidProvider, type PlaidProviderDeps } from './plaid/plaid-provider';
import { createUnconfiguredProvider } from './unconfigured-provider';

export interface BankLinkProviders {
  plaid: BankLinkProvider;
  /** Named by the spec as a pull collection type; no Munitrust API is known to this server yet. */
  munitrust: BankLinkProvider;
}

/** The providers of this server's configuration (config.ts refuses Plaid settings without a key). */
export function createBankLinkProviders(
  config: Pick<Config, 'plaid'>,
  deps: Pick<PlaidProviderDeps, 'db' | 'log'>,
): BankLinkProviders {
  const plaid = config.plaid
    ? createPlaidProvider({
        ...deps,
        api: createPlaidApi(config.plaid),
        cipher: createAccessTokenCipher(config.plaid.tokenKey),
      })
    : createUnconfiguredProvider('Plaid', BANK_LINK_MSG.plaidNotConfigured);
  return {
    plaid,
    munitrust: createUnconfiguredProvider('Munitrust', BANK_LINK_MSG.munitrustNotConfigured),
  };
}

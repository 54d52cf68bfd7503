import type * as Plaid from 'plaid';
import type { AccountBase, PlaidApi, Transaction, TransactionsUpdateStatus } from 'plaid';
import type { LinkToken } from '@tideline/contracts';
import type { PlaidConfig } from '../../../platform/config';
import { describePlaidFailure, PlaidRequestError } from './plaid-request-error';

// The official `plaid` client, reduced to the five calls bank links make. Its basePath is
// configuration (PLAID_ENV or PLAID_BASE_URL), which is how the tests run it against a local stand-in.
// The package is loaded on the first call, not with the server: it alone is ~125 MB of resident memory,
// which every worker process carried for pulls it may never run (issue 16, the worker's peak RSS).

export type PlaidApiSettings = Pick<
  PlaidConfig,
  'basePath' | 'clientId' | 'secret' | 'clientName' | 'daysRequested' | 'timeoutMs'
>;

/** Everything /transactions/sync holds for an item, read from the first cursor to the last page. */
export interface SyncedItem {
  accounts: AccountBase[];
  transactions: Transaction[];
  isReady: boolean;
}

const SYNC_PAGE_SIZE = 500;
// 2,000 pages of 500 is a million transactions: a loop past that is a provider fault, not data.
const MAX_SYNC_PAGES = 2000;
const MAX_SYNC_RESTARTS = 3;

type PlaidModule = typeof Plaid;

export function createPlaidApi(settings: PlaidApiSettings) {
  let loading: Promise<{ plaid: PlaidModule; client: PlaidApi }> | undefined;
  const loadPlaid = () =>
    (loading ??= import('plaid').then((plaid) => ({
      plaid,
      client: new plaid.PlaidApi(
        new plaid.Configuration({
          basePath: settings.basePath,
          baseOptions: {
            timeout: settings.timeoutMs,
            maxContentLength: 50 * 1024 * 1024,
            headers: { 'PLAID-CLIENT-ID': settings.clientId, 'PLAID-SECRET': settings.secret },
          },
        }),
      ),
    })));
  // The client's errors carry the request, secret header included: only their description leaves here.
  const call = async <T>(
    request: (client: PlaidApi, plaid: PlaidModule) => Promise<{ data: T }>,
  ): Promise<T> => {
    const { plaid, client } = await loadPlaid();
    try {
      return (await request(client, plaid)).data;
    } catch (error) {
      throw describePlaidFailure(error, settings.timeoutMs);
    }
  };

  async function syncFromFirstCursor(accessToken: string): Promise<SyncedItem> {
    const accounts = new Map<string, AccountBase>();
    const transactions = new Map<string, Transaction>();
    let cursor: string | undefined;
    let status: TransactionsUpdateStatus | undefined;
    for (let page = 1; ; page++) {
      const answer = await call((client) =>
        client.transactionsSync({
          access_token: accessToken,
          count: SYNC_PAGE_SIZE,
          options: { include_original_description: true },
          ...(cursor === undefined ? {} : { cursor }),
        }),
      );
      for (const account of answer.accounts) accounts.set(account.account_id, account);
      for (const t of [...answer.added, ...answer.modified]) transactions.set(t.transaction_id, t);
      for (const r of answer.removed) transactions.delete(r.transaction_id);
      status = answer.transactions_update_status;
      if (!answer.has_more) break;
      if (answer.next_cursor === cursor || page >= MAX_SYNC_PAGES)
        throw new PlaidRequestError('unreachable', null, 'the transactions sync did not advance');
      cursor = answer.next_cursor;
    }
    return {
      accounts: [...accounts.values()],
      transactions: [...transactions.values()],
      isReady: status !== (await loadPlaid()).plaid.TransactionsUpdateStatus.NotReady,
    };
  }

  return {
    /** Link for a new item (products: transactions), or update mode on an existing one. */
    async createLinkToken(input: { clientUserId: string; accessToken?: string }): Promise<LinkToken> {
      const answer = await call((client, { CountryCode, Products }) =>
        client.linkTokenCreate({
          client_name: settings.clientName,
          language: 'en',
          country_codes: [CountryCode.Us],
          user: { client_user_id: input.clientUserId },
          ...(input.accessToken
            ? { access_token: input.accessToken }
            : {
                products: [Products.Transactions],
                transactions: { days_requested: settings.daysRequested },
              }),
        }),
      );
      return { linkToken: answer.link_token, expiration: answer.expiration };
    },

    async exchangePublicToken(publicToken: string): Promise<{ accessToken: string; itemId: string }> {
      const answer = await call((client) => client.itemPublicTokenExchange({ public_token: publicToken }));
      return { accessToken: answer.access_token, itemId: answer.item_id };
    },

    async removeItem(accessToken: string): Promise<void> {
      await call((client) => client.itemRemove({ access_token: accessToken }));
    },

    /**
     * The item's whole history from the first cursor: a pull must give the same rows however often it
     * runs, so no cursor is kept between pulls. A change during paging restarts from the first cursor,
     * as Plaid asks.
     */
    async syncTransactions(accessToken: string): Promise<SyncedItem> {
      for (let attempt = 1; ; attempt++) {
        try {
          return await syncFromFirstCursor(accessToken);
        } catch (error) {
          const isMutation =
            error instanceof PlaidRequestError &&
            error.code === 'TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION';
          if (!isMutation || attempt >= MAX_SYNC_RESTARTS) throw error;
        }
      }
    },
  };
}

export type PlaidApiClient = ReturnType<typeof createPlaidApi>;

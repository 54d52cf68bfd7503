import type { ClientAccountBalances } from '@tideline/contracts/clients/client-account-balances.schemas';
import type { DbOrTx } from '../../db/open-database';
import type { CurrentUser } from '../../platform/access/route-access';
import { selectClientAccountBalances } from './client-account-balances.queries';
import { findVisibleClient } from './clients.service';

const cents = (value: number) => Math.round(value * 100) / 100;

/**
 * GET /api/clients/account-balance/{clientId}: each open account's latest balance from its daily
 * table and their sum, for a client the user may see (client scoping: 404 otherwise).
 */
export async function findClientAccountBalances(
  db: DbOrTx,
  user: CurrentUser,
  clientId: number,
): Promise<ClientAccountBalances> {
  await findVisibleClient(db, user, clientId);
  const rows = await selectClientAccountBalances(db, clientId);
  const accounts = rows.map((r) => ({
    ...r,
    accountId: Number(r.accountId),
    balance: r.balance === null ? null : cents(Number(r.balance)),
  }));
  const known = accounts.filter((a) => a.balance !== null);
  const dates = known.map((a) => a.balanceDate!).sort();
  return {
    asOf: dates.at(-1) ?? null,
    total: cents(known.reduce((sum, a) => sum + a.balance!, 0)),
    accounts,
  };
}

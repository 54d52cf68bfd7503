import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { bankLinks } from '../src/db/schema';
import { listClientRelationships } from '../src/modules/banks/bank-client-relationships.service';
import { createAccountRow, createRelatedBank } from './account-fixtures';
import { STAND_IN_CLIENT_ID, STAND_IN_SECRET, type StandInItem } from './plaid-stand-in';
import { createClients, type TestContext } from './test-context';

// The records the bank-link tests stand on: Plaid configured against the stand-in, a client with one
// bank and two accounts at it, and the item Link would connect for that bank.

export const plaidEnv = (baseUrl: string, tokenKey = randomBytes(32).toString('base64')) => ({
  PLAID_CLIENT_ID: STAND_IN_CLIENT_ID,
  PLAID_SECRET: STAND_IN_SECRET,
  PLAID_BASE_URL: baseUrl,
  PLAID_TOKEN_KEY: tokenKey,
  PLAID_TIMEOUT_MS: '2000',
});

export const CHECKING_NUMBER = '000-123-4567';
export const MONEY_MARKET_NUMBER = '9988776655';

/** Checking ends in 4567 and money market in 6655, as the client's two account numbers do. */
export const BANK_ITEM: StandInItem = {
  accounts: [
    { account_id: 'acc-chk', name: 'Plaid Checking', mask: '4567' },
    { account_id: 'acc-mm', name: 'Plaid Money Market', mask: '6655' },
  ],
  transactions: [
    {
      transaction_id: 'tx-1',
      account_id: 'acc-chk',
      amount: 1250.4,
      date: '2024-06-03',
      name: 'VENDOR PAYMENT',
    },
    { transaction_id: 'tx-2', account_id: 'acc-chk', amount: -5000, date: '2024-06-04', name: 'DEPOSIT' },
    { transaction_id: 'tx-3', account_id: 'acc-mm', amount: -12.34, date: '2024-06-30', name: 'INTEREST' },
    { transaction_id: 'tx-4', account_id: 'acc-mm', amount: 99, date: '2024-07-01', name: 'NEXT MONTH' },
  ],
};

export async function createLinkableRelationship(ctx: TestContext) {
  const [clientId] = await createClients(ctx, 1, 'Plaid');
  const bankId = await createRelatedBank(ctx, clientId!);
  const checkingId = await createAccountRow(ctx, clientId!, bankId, { accountNumber: CHECKING_NUMBER });
  const moneyMarketId = await createAccountRow(ctx, clientId!, bankId, {
    accountNumber: MONEY_MARKET_NUMBER,
  });
  const [relationship] = await listClientRelationships(ctx.database.db, clientId!);
  return { clientId: clientId!, bankId, checkingId, moneyMarketId, relationship: relationship! };
}

export async function findStoredLink(ctx: TestContext, bankClientRelId: number) {
  const [row] = await ctx.database.db
    .select()
    .from(bankLinks)
    .where(eq(bankLinks.bankClientRelId, bankClientRelId));
  return row ?? null;
}

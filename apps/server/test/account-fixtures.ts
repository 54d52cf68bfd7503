import { randomUUID } from 'node:crypto';
import {
  accounts,
  bankClientRelationships,
  banks,
  keywordCategories,
  keywords,
  transactions,
} from '../src/db/schema';
import { joinAllAccountsGroup } from '../src/modules/accounts/accounts.service';
import type { TestContext } from './test-context';

// Rows the accounts and transactions tests stand on, written straight to the database (the banks and
// clients areas have their own tests for how these are made through the API).

/** A bank related to the client; answers the bank's id. */
export async function createRelatedBank(
  ctx: TestContext,
  clientId: number,
  options: { bankName?: string; collectionType?: string; defaultDataGatheringFrequency?: number } = {},
): Promise<number> {
  const db = ctx.database.db;
  const [bank] = await db
    .insert(banks)
    .values({
      bankName: options.bankName ?? `Bank ${randomUUID().slice(0, 8)}`,
      assetSize: '1200',
      defaultDataGatheringFrequency: options.defaultDataGatheringFrequency ?? 3,
    })
    .returning({ bankId: banks.bankId });
  await db.insert(bankClientRelationships).values({
    clientId,
    bankId: bank!.bankId,
    collectionType: options.collectionType ?? 'File Upload',
  });
  return bank!.bankId;
}

/** A complete account in the client's 'All Accounts' group; answers its id. */
export async function createAccountRow(
  ctx: TestContext,
  clientId: number,
  bankId: number,
  overrides: Partial<typeof accounts.$inferInsert> = {},
): Promise<number> {
  const db = ctx.database.db;
  const [row] = await db
    .insert(accounts)
    .values({
      clientId,
      bankId,
      accountName: `Account ${randomUUID().slice(0, 6)}`,
      accountNumber: randomUUID().slice(0, 10),
      accountAlias: 'Alias',
      accountType: 'Transaction',
      accountCategory: 'Operating',
      accountBalanceDate: '2024-01-31',
      ...overrides,
    })
    .returning({ accountId: accounts.accountId, isStaging: accounts.isStaging });
  if (!row!.isStaging) await joinAllAccountsGroup(db, clientId, [row!.accountId]);
  return row!.accountId;
}

export interface TransactionSeed {
  transactionDate: string;
  description?: string;
  amount: string;
  keywordId?: number | null;
}

export async function insertTransactions(
  ctx: TestContext,
  clientId: number,
  accountId: number,
  rows: readonly TransactionSeed[],
): Promise<number[]> {
  if (rows.length === 0) return [];
  const inserted = await ctx.database.db
    .insert(transactions)
    .values(rows.map((r) => ({ clientId, accountId, description: '', ...r })))
    .returning({ transactionId: transactions.transactionId });
  return inserted.map((r) => r.transactionId);
}

/** A keyword in a category of its own; answers its id. */
export async function createKeyword(ctx: TestContext, name = `Keyword ${randomUUID().slice(0, 6)}`) {
  const db = ctx.database.db;
  const [category] = await db
    .insert(keywordCategories)
    .values({ categoryName: `Category ${randomUUID().slice(0, 6)}` })
    .returning({ categoryId: keywordCategories.categoryId });
  const [keyword] = await db
    .insert(keywords)
    .values({ keywordName: name, keywordCategoryId: category!.categoryId })
    .returning({ keywordId: keywords.keywordId });
  return keyword!.keywordId;
}

/** Every weekday from `from` to `to` inclusive (YYYY-MM-DD), skipping the days in `skip`. */
export function weekdays(from: string, to: string, skip: ReadonlySet<string> = new Set()): string[] {
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86_400_000) {
    const d = new Date(t);
    const day = d.toISOString().slice(0, 10);
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6 && !skip.has(day)) out.push(day);
  }
  return out;
}

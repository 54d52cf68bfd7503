import { sql } from 'drizzle-orm';
import type { TreasurySectionType } from '@tideline/contracts/data-ingestion/batch-accounts.schemas';
import type { BatchTemplateType } from '@tideline/contracts';
import { batchAccountFiles, stagingInvestments } from '../src/db/schema';
import { createAccountRow, createRelatedBank } from './account-fixtures';
import {
  createBatchAccountRow,
  createBatchFileRow,
  createBatchRow,
  type StagingRefs,
  type StoredBatchFile,
} from './batch-fixtures';
import type { TestContext } from './test-context';

// A batch with staged rows ready for the Validate Batch dialog's actions and VALIDATE THIS BATCH:
// accounts of the client's relationship, one statement file shared by them, rows staged in bulk.

export interface PromotionWorld {
  clientId: number;
  bankId: number;
  batchId: number;
  /** The batch's accounts, Needs Validation, with `rows` staged transactions each from `file`. */
  accounts: { accountId: number; batchAccountId: number; accountName: string }[];
  file: StoredBatchFile;
}

/** A Transaction (or other) batch of the client's open report with two staged accounts. */
export async function createPromotionWorld(
  ctx: TestContext,
  clientId: number,
  options: { rows?: number; templateType?: BatchTemplateType; bankId?: number } = {},
): Promise<PromotionWorld> {
  const bankId = options.bankId ?? (await createRelatedBank(ctx, clientId));
  const batchId = await createBatchRow(ctx, clientId, options.templateType ?? 'Transaction');
  const file = await createBatchFileRow(ctx, clientId, batchId);
  const accounts = [];
  for (const accountName of ['Operating', 'Payroll']) {
    const accountId = await createAccountRow(ctx, clientId, bankId, { accountName });
    const batchAccountId = await createBatchAccountRow(ctx, clientId, batchId, {
      accountId,
      status: 'Needs Validation',
    });
    const refs = { clientId, batchId, batchAccountId, batchFileId: file.batchFileId };
    await stageTransactionRows(ctx, refs, options.rows ?? 3, accounts.length * 1_000_000);
    accounts.push({ accountId, batchAccountId, accountName });
  }
  return { clientId, bankId, batchId, accounts, file };
}

/** `count` staged transactions of the file for the batch account (rows from `firstRow`), set-based. */
export async function stageTransactionRows(
  ctx: TestContext,
  refs: StagingRefs,
  count: number,
  firstRow = 0,
  validated = false,
): Promise<void> {
  await ctx.database.db.execute(sql`insert into staging_transactions (client_id, batch_id, batch_account_id,
      batch_file_id, row_number, transaction_date, description, amount, validation_status, statement_index)
    select ${refs.clientId}, ${refs.batchId}, ${refs.batchAccountId}, ${refs.batchFileId}, ${firstRow} + n,
      date '2026-07-01' + (n % 90), 'Line ' || n, ((n % 1000) - 500)::numeric / 4, ${validated}, 0
    from generate_series(1, ${count}) n`);
  await linkAccountFile(ctx, refs, count);
  await stateStatement(ctx, refs);
}

/**
 * The file's statement for the batch account, as extraction records it: opening at zero, closing at
 * what its staged rows add up to, so the account reconciles (issue 39) until a test changes a row.
 */
export async function stateStatement(ctx: TestContext, refs: StagingRefs) {
  await ctx.database.db.execute(sql`insert into staging_statements (client_id, batch_id, batch_account_id,
      batch_file_id, statement_index, from_date, to_date, opening_balance, closing_balance, balance_source,
      entry_count)
    select ${refs.clientId}, ${refs.batchId}, ${refs.batchAccountId}, ${refs.batchFileId}, 0,
      '2026-07-01', '2026-09-30', 0, coalesce(sum(amount), 0), 'statement', count(*)
    from staging_transactions where batch_file_id = ${refs.batchFileId} and batch_account_id = ${refs.batchAccountId}
    on conflict (batch_file_id, statement_index, batch_account_id) do update
      set closing_balance = excluded.closing_balance, entry_count = excluded.entry_count`);
}

/** The batch account's part of the file (its fileIdList), as extraction records it. */
export async function linkAccountFile(ctx: TestContext, refs: StagingRefs, rowCount: number) {
  await ctx.database.db
    .insert(batchAccountFiles)
    .values({ ...refs, rowCount })
    .onConflictDoUpdate({
      target: [batchAccountFiles.batchAccountId, batchAccountFiles.batchFileId],
      set: { rowCount: sql`${batchAccountFiles.rowCount} + ${rowCount}` },
    });
}

/** One staged investment of the batch account (validated unless said). */
export async function stageInvestment(
  ctx: TestContext,
  refs: StagingRefs,
  rowNumber: number,
  values: Partial<typeof stagingInvestments.$inferInsert> = {},
) {
  await ctx.database.db.insert(stagingInvestments).values({
    ...refs,
    rowNumber,
    investmentTypeName: 'Treasury Bill',
    faceValue: '100000.00',
    settlementAmount: '99000.00',
    interestRate: '4.5',
    settlementDate: '2026-07-01',
    maturityDate: '2027-01-01',
    validationStatus: true,
    ...values,
  });
}

/** A Treasury batch with its three sections (Needs Validation), each with one staged row of `file`. */
export async function createTreasuryWorld(ctx: TestContext, clientId: number) {
  const batchId = await createBatchRow(ctx, clientId, 'Treasury');
  const file = await createBatchFileRow(ctx, clientId, batchId, { templateType: 'Treasury' });
  const sections = {} as Record<TreasurySectionType, number>;
  for (const sectionType of ['Balance', 'Fees', 'Account Balance'] as const) {
    sections[sectionType] = await createBatchAccountRow(ctx, clientId, batchId, {
      sectionType,
      status: 'Needs Validation',
    });
    await linkAccountFile(
      ctx,
      { clientId, batchId, batchAccountId: sections[sectionType], batchFileId: file.batchFileId },
      1,
    );
  }
  const base = (section: TreasurySectionType, row: number) => sql`${clientId}, ${batchId},
    ${sections[section]}, ${file.batchFileId}, ${row}`;
  const db = ctx.database.db;
  await db.execute(sql`insert into staging_fees (client_id, batch_id, batch_account_id, batch_file_id,
      row_number, description, amount, unit_price, volume, headers, amounts)
    values (${base('Fees', 1)}, 'Wire out', 25.00, 12.5, 2, '["Jul"]', '[[0, "25.00"]]')`);
  await db.execute(sql`insert into staging_balances (client_id, batch_id, batch_account_id, batch_file_id,
      row_number, description, amount, is_rate)
    values (${base('Balance', 2)}, 'ecr', 0.015, true)`);
  await db.execute(sql`insert into staging_account_balances (client_id, batch_id, batch_account_id,
      batch_file_id, row_number, account_number, description, amount)
    values (${base('Account Balance', 3)}, '1234', 'Average ledger balance', 1000)`);
  return { batchId, file, sections };
}

import { sql } from 'drizzle-orm';
import type { TreasurySectionType } from '@tideline/contracts/data-ingestion/batch-accounts.schemas';
import { createRelatedBank } from './account-fixtures';
import { createTreasuryWorld } from './promotion-fixtures';
import type { TestContext } from './test-context';

// A Treasury batch with its three sections staged as the treasury staging dialog reads them: fees and
// balances as camt.086 stages them (one figure per line) and as a multi-column statement would (headers
// with [headerIndex, value] pairs), rate rows, and one validated row per section.

export interface TreasuryStagingWorld {
  clientId: number;
  batchId: number;
  batchFileId: number;
  sections: Record<TreasurySectionType, number>;
  /** Row ids per section, in insert order: [createTreasuryWorld's row, …the ones added here]. */
  feeIds: number[];
  balanceIds: number[];
  accountBalanceIds: number[];
}

const ids = (rows: unknown[]) => (rows as { id: number }[]).map((r) => Number(r.id));

/** `isRelated`: the client already has a bank relationship for the batch (else one is made). */
export async function createTreasuryStagingWorld(
  ctx: TestContext,
  clientId: number,
  isRelated = false,
): Promise<TreasuryStagingWorld> {
  if (!isRelated) await createRelatedBank(ctx, clientId);
  const { batchId, file, sections } = await createTreasuryWorld(ctx, clientId);
  const db = ctx.database.db;
  const refs = (section: TreasurySectionType) =>
    sql`${clientId}, ${batchId}, ${sections[section]}, ${file.batchFileId}`;
  const first = async (table: string, idColumn: string) =>
    ids(
      (
        await db.execute(sql`select ${sql.identifier(idColumn)} as id from ${sql.identifier(table)}
        where batch_id = ${batchId} order by 1`)
      ).rows,
    );
  const [feeId] = await first('staging_fees', 'staging_fee_id');
  const [balanceId] = await first('staging_balances', 'staging_balance_id');
  const [accountBalanceId] = await first('staging_account_balances', 'staging_account_balance_id');
  const fees = await db.execute(sql`insert into staging_fees (client_id, batch_id, batch_account_id,
      batch_file_id, row_number, account_number, description, afp_code, amount, unit_price, volume,
      validation_status)
    values (${refs('Fees')}, 10, '1234', 'Account maintenance', '010000', 30.00, 30, 1, false),
      (${refs('Fees')}, 11, '1234', 'ACH item', '250100', 4.00, 0.1, 40, true)
    returning staging_fee_id as id`);
  const balances = await db.execute(sql`insert into staging_balances (client_id, batch_id,
      batch_account_id, batch_file_id, row_number, description, amount, headers, amounts, validation_status)
    values (${refs('Balance')}, 20, 'Average ledger', null, '["Jan","Feb"]',
        '[[0, "1000.00"], [1, "2000.00"]]', false),
      (${refs('Balance')}, 21, 'Reserve Rate', 0.1, '[]', '[]', true)
    returning staging_balance_id as id`);
  const accountBalances = await db.execute(sql`insert into staging_account_balances (client_id, batch_id,
      batch_account_id, batch_file_id, row_number, account_number, description, amount, is_rate,
      headers, amounts, validation_status)
    values (${refs('Account Balance')}, 30, '1234', 'ECR', null, true, '["Jan","Feb"]',
        '[[0, "0.015"], [1, "0.0125"]]', false),
      (${refs('Account Balance')}, 31, '5678', 'Average collected', 500, false, '[]', '[]', true)
    returning staging_account_balance_id as id`);
  return {
    clientId,
    batchId,
    batchFileId: file.batchFileId,
    sections,
    feeIds: [feeId!, ...ids(fees.rows)],
    balanceIds: [balanceId!, ...ids(balances.rows)],
    accountBalanceIds: [accountBalanceId!, ...ids(accountBalances.rows)],
  };
}

import {
  isNegativeEcr,
  isRateRow,
  STAGING_TREASURY_MSG,
  type StagingAccountBalanceEditSchema,
  type StagingBalanceEditSchema,
  type StagingFeeEditSchema,
} from '@tideline/contracts/staging-treasury/staging-treasury.schemas';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/open-database';
import type { CurrentUser } from '../../platform/access/route-access';
import { writeAudit, type AuditContext } from '../../platform/audit/write-audit';
import { badRequest } from '../../platform/http/app-error';
import { reopenBatchAccounts } from '../data-ingestion/staging/staging-row-locks';
import { lockSectionForChange } from './staging-treasury-locks';
import * as q from './staging-treasury.queries';
import * as lists from './treasury-lists.queries';
import { TREASURY_SECTIONS } from './treasury-sections';

// ingestion-analysis.md 5: Edit Staging Balance, Edit Staging Account Balance, edit fee and Bulk Edit
// Staging Fee category. An edit of a Validated section's row returns the section to Needs Validation.
// The chosen list entries are stored by name (the staging and book tables keep text), so promotion and
// the books read them as they are.

type Pair = [number, string | null];
interface DynamicColumns {
  headers: string[];
  amounts: [number, string | null][];
  amount: string | null;
}

/**
 * The row's figures with the edited pairs applied: a row with headers changes its pairs; a row without
 * (one figure per line) changes its amount under the single column 0.
 */
function applyAmounts(row: DynamicColumns, pairs: readonly Pair[], field: string) {
  const columns = Math.max(row.headers.length, 1);
  if (pairs.some(([i]) => i >= columns)) {
    throw badRequest(STAGING_TREASURY_MSG.unknownAmountColumn, {
      [field]: [STAGING_TREASURY_MSG.unknownAmountColumn],
    });
  }
  if (row.headers.length === 0) {
    const last = pairs.at(-1);
    return { amount: last ? last[1] : row.amount, amounts: row.amounts };
  }
  const byIndex = new Map(row.amounts.map(([i, v]) => [i, v]));
  for (const [i, v] of pairs) byIndex.set(i, v);
  const amounts = [...byIndex.entries()].sort(([a], [b]) => a - b);
  return { amount: row.amount, amounts };
}

/** Spec 5: a rate (ECR) row's amounts may not be below 0. */
function assertEcrNotNegative(isRate: boolean, pairs: readonly Pair[], field: string) {
  if (pairs.some(([, v]) => isNegativeEcr(isRate, v))) {
    throw badRequest(STAGING_TREASURY_MSG.ecrBelowZero, { [field]: [STAGING_TREASURY_MSG.ecrBelowZero] });
  }
}

const figures = (r: DynamicColumns) => ({ amount: r.amount, amounts: r.amounts });

/** PUT /balances/staging: the standardized description (from the list) and the amounts. */
export async function editStagingBalance(
  db: Db,
  user: CurrentUser,
  input: z.output<typeof StagingBalanceEditSchema>,
  ctx: AuditContext,
): Promise<number> {
  const section = TREASURY_SECTIONS.balance;
  return db.transaction(async (tx) => {
    const account = await lockSectionForChange(tx, user, section, input.batchId, [input.stagingBalanceId]);
    const standard = await lists.findStandardizedDescription(tx, input.standardDescriptionId);
    if (!standard) {
      const msg = STAGING_TREASURY_MSG.unknownStandardDescription;
      throw badRequest(msg, { 'balance.standardDescriptionId': [msg] });
    }
    const row = await q.selectBalanceById(tx, input.stagingBalanceId);
    assertEcrNotNegative(
      row.isRate || isRateRow(row.description),
      input.balanceAmounts,
      'balance.balanceAmounts',
    );
    const after = {
      standardizedDescription: standard.name,
      ...applyAmounts(row, input.balanceAmounts, 'balance.balanceAmounts'),
    };
    await q.updateBalance(tx, row.stagingBalanceId, after);
    await auditEdit(
      tx,
      ctx,
      section.entity,
      row,
      { standardizedDescription: row.standardizedDescription, ...figures(row) },
      after,
    );
    await reopenBatchAccounts(tx, ctx, [account.batchAccountId]);
    return 1;
  });
}

/** PUT /account-balances/staging: the amounts, each required. */
export async function editStagingAccountBalance(
  db: Db,
  user: CurrentUser,
  input: z.output<typeof StagingAccountBalanceEditSchema>,
  ctx: AuditContext,
): Promise<number> {
  const section = TREASURY_SECTIONS.accountBalance;
  return db.transaction(async (tx) => {
    const id = input.stagingAccountBalanceId;
    const account = await lockSectionForChange(tx, user, section, input.batchId, [id]);
    const row = await q.selectAccountBalanceById(tx, id);
    const field = 'balance.accountBalanceAmounts';
    assertEcrNotNegative(row.isRate || isRateRow(row.description), input.accountBalanceAmounts, field);
    const after = applyAmounts(row, input.accountBalanceAmounts, field);
    await q.updateAccountBalance(tx, id, after);
    await auditEdit(tx, ctx, section.entity, row, figures(row), after);
    await reopenBatchAccounts(tx, ctx, [account.batchAccountId]);
    return 1;
  });
}

/**
 * PUT /fees/staging: category and sub category (the sub category one of the category's) for every
 * fee of feeIds, and for the single edit unit price and exceptions (a field left out stays).
 */
export async function editStagingFees(
  db: Db,
  user: CurrentUser,
  input: z.output<typeof StagingFeeEditSchema>,
  ctx: AuditContext,
): Promise<number> {
  const section = TREASURY_SECTIONS.fee;
  const ids = [...new Set(input.feeIds)];
  return db.transaction(async (tx) => {
    const account = await lockSectionForChange(tx, user, section, input.batchId, ids);
    const values = await resolveFeeValues(tx, input);
    const before = await q.selectFeesByIds(tx, ids);
    await q.updateFees(tx, ids, values);
    for (const row of before) {
      const old = Object.fromEntries(Object.keys(values).map((k) => [k, row[k as keyof typeof values]]));
      await auditEdit(tx, ctx, section.entity, row, old, values);
    }
    await reopenBatchAccounts(tx, ctx, [account.batchAccountId]);
    return before.length;
  });
}

/** The names of the chosen list entries (400 naming the field for an id not in its list). */
async function resolveFeeValues(tx: Tx, input: z.output<typeof StagingFeeEditSchema>) {
  const refuse = (field: string, msg: string) => badRequest(msg, { [`fees.${field}`]: [msg] });
  const category = await lists.findFeeCategory(tx, input.categoryId);
  if (!category) throw refuse('categoryId', STAGING_TREASURY_MSG.unknownCategory);
  const subCategory = await lists.findFeeSubCategory(tx, input.subCategoryId);
  if (subCategory?.categoryId !== category.categoryId)
    throw refuse('subCategoryId', STAGING_TREASURY_MSG.unknownSubCategory);
  const values: Parameters<typeof q.updateFees>[2] = {
    category: category.name,
    subCategory: subCategory.name,
  };
  if (input.unitPrice !== undefined) values.unitPrice = input.unitPrice;
  if (input.bankLevelException !== undefined) {
    const found =
      input.bankLevelException === null
        ? null
        : await lists.findBankLevelException(tx, input.bankLevelException);
    if (input.bankLevelException !== null && !found)
      throw refuse('bankLevelException', STAGING_TREASURY_MSG.unknownBankLevelException);
    values.bankLevelException = found?.name ?? null;
  }
  if (input.clientLevelException !== undefined) {
    const found =
      input.clientLevelException === null
        ? null
        : await lists.findClientLevelException(tx, input.clientLevelException);
    if (input.clientLevelException !== null && !found)
      throw refuse('clientLevelException', STAGING_TREASURY_MSG.unknownClientLevelException);
    values.clientLevelException = found?.name ?? null;
  }
  return values;
}

async function auditEdit(
  tx: Tx,
  ctx: AuditContext,
  entity: 'staging_fee' | 'staging_balance' | 'staging_account_balance',
  row: { clientId: number; batchId: number; batchAccountId: number } & Record<string, unknown>,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
) {
  const id = row.stagingFeeId ?? row.stagingBalanceId ?? row.stagingAccountBalanceId;
  await writeAudit(tx, ctx, {
    action: `${entity}.updated`,
    entity,
    entityId: id as number,
    before: { batchAccountId: row.batchAccountId, ...before },
    after: { batchAccountId: row.batchAccountId, ...after },
    clientIds: [row.clientId],
  });
}

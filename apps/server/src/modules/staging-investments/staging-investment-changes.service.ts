import {
  STAGING_INVESTMENT_MSG,
  type StagingInvestmentInputParsed,
} from '@tideline/contracts/staging-investments/staging-investments.schemas';
import type { Db, Tx } from '../../db/open-database';
import { stagingInvestments as si } from '../../db/schema';
import { whereClientVisible } from '../../platform/access/client-scope';
import type { CurrentUser } from '../../platform/access/route-access';
import { writeAudit, type AuditContext } from '../../platform/audit/write-audit';
import { assertLockedChangeable, reopenBatchAccounts } from '../data-ingestion/staging/staging-row-locks';
import {
  setStagingValidationStatus,
  type StagingRowKind,
} from '../data-ingestion/staging/staging-row-validation';
import { assertActiveType } from '../investments/investments.service';
import * as q from './staging-investments.queries';

// ingestion-analysis.md 4 "Staging row validationStatus" and 7 "Staging investments": the edit of one
// row, Validate / Invalidate, and delete. Every change first locks its rows (404 for another client's,
// 409 while the batch is validated or the account Ignored).

/** Locks the rows; any id missing or another client's answers 404, a read-only row 409. */
async function lockChangeableInvestments(tx: Tx, user: CurrentUser, ids: readonly number[]) {
  const locked = await q.lockStagingInvestments(tx, ids, whereClientVisible(user, si.clientId));
  return assertLockedChangeable(locked, ids.length, STAGING_INVESTMENT_MSG.notFound, 'Investments');
}

const auditedRow = (r: q.StagingInvestmentValues) => ({
  batchAccountId: r.batchAccountId,
  faceValue: r.faceValue,
  maturityDate: r.maturityDate,
  investmentTypeId: r.investmentTypeId,
  investmentTypeName: r.investmentTypeName,
  fund: r.fund,
  interestRate: r.interestRate,
  marketIdentifier: r.marketIdentifier,
  couponRate: r.couponRate,
  callDate: r.callDate,
  settlementDate: r.settlementDate,
  settlementAmount: r.settlementAmount,
  validationStatus: r.validationStatus,
});

/**
 * PUT /staging/{id}: every field a person can fix; the type must exist and be active unless the row
 * keeps it. A change to a Validated account's row returns the account to Needs Validation.
 */
export async function editStagingInvestment(
  db: Db,
  user: CurrentUser,
  id: number,
  input: StagingInvestmentInputParsed,
  ctx: AuditContext,
): Promise<void> {
  await db.transaction(async (tx) => {
    const [{ row: before }] = (await lockChangeableInvestments(tx, user, [id])) as [
      q.LockedStagingInvestment,
    ];
    const type = await assertActiveType(tx, input.investmentTypeId, before.investmentTypeId);
    const after = await q.updateStagingInvestment(tx, id, {
      faceValue: input.faceValue,
      maturityDate: input.maturityDate,
      investmentTypeId: type.investmentTypeId,
      investmentTypeName: type.investmentTypeName,
      fund: input.fund,
      interestRate: input.interestRate,
      marketIdentifier: input.investmentId,
      couponRate: input.couponRate,
      callDate: input.callDate,
      settlementDate: input.settlementDate,
      settlementAmount: input.settlementAmount,
    });
    const audited = { before: auditedRow(before), after: auditedRow(after) };
    if (JSON.stringify(audited.before) === JSON.stringify(audited.after)) return;
    await writeAudit(tx, ctx, {
      action: 'staging_investment.updated',
      entity: 'staging_investment',
      entityId: id,
      ...audited,
      clientIds: [after.clientId],
    });
    await reopenBatchAccounts(tx, ctx, [after.batchAccountId]);
  });
}

const STAGING_INVESTMENTS: StagingRowKind = {
  rowsLabel: 'Staging investment(s)',
  idsField: 'stagingInvestmentIds',
  auditPrefix: 'staging_investment',
  selectIdsInBatchAccount: q.selectIdsInBatchAccount,
  updateValidationStatus: q.updateValidationStatus,
  countBooked: q.countBookedInvestments,
  books: 'Investments',
};

/** PUT /staging/validate and /staging/invalidate: rows of one batch account; answers how many changed. */
export function setStagingInvestmentsValidation(
  db: Db,
  user: CurrentUser,
  input: { batchAccountId: number; stagingInvestmentIds: number[] },
  isValidated: boolean,
  ctx: AuditContext,
): Promise<number> {
  const { batchAccountId, stagingInvestmentIds: ids } = input;
  return setStagingValidationStatus(db, STAGING_INVESTMENTS, user, { batchAccountId, ids }, isValidated, ctx);
}

/** DELETE /staging: the rows, each audited; the accounts keep their status. Answers how many went. */
export async function deleteStagingInvestments(
  db: Db,
  user: CurrentUser,
  stagingInvestmentIds: readonly number[],
  ctx: AuditContext,
): Promise<number> {
  const ids = [...new Set(stagingInvestmentIds)];
  return db.transaction(async (tx) => {
    const locked = await lockChangeableInvestments(tx, user, ids);
    for (const { row } of locked) {
      await writeAudit(tx, ctx, {
        action: 'staging_investment.deleted',
        entity: 'staging_investment',
        entityId: row.stagingInvestmentId,
        before: { ...auditedRow(row), batchFileId: row.batchFileId, rowNumber: row.rowNumber },
        clientIds: [row.clientId],
      });
    }
    await q.deleteStagingInvestments(tx, ids);
    return locked.length;
  });
}

import { BATCH_ACCOUNT_MSG } from '@tideline/contracts/data-ingestion/batch-accounts.schemas';
import {
  accountsNotAllowedMessage,
  BATCH_VALIDATION_MSG,
  type BatchAccountsChanged,
} from '@tideline/contracts/data-ingestion/batch-validation.schemas';
import type { TreasurySectionType } from '@tideline/contracts/data-ingestion/batch-accounts.schemas';
import type { Tx } from '../../../db/open-database';
import { assertClientAccess } from '../../../platform/access/client-scope';
import type { CurrentUser } from '../../../platform/access/route-access';
import { writeAudit, type AuditContext } from '../../../platform/audit/write-audit';
import { AppError, badRequest, notFound } from '../../../platform/http/app-error';
import * as q from './batch-account-actions.queries';
import { listBatchAccountsByIds } from './batch-accounts.service';
import { refreshAnalysisStatus, refreshBatchClosure } from '../promotion/batch-closure';
import { findVisibleBatch } from './batches.service';
import { deleteUnreferencedFiles } from './delete-batches.queries';
import { removeStoredObjects } from './delete-batches.service';
import type { IngestionDeps } from '../ingestion-deps';
import { assertReconciledOrOverridden } from '../reconciliation/validation-gate';

// ingestion-analysis.md 4 "Batch account status": Validate on Needs Validation; Ignore on Needs Files
// or Needs Validation (it removes the account's files and staging rows); Restore on Ignored; Delete
// unless Needs Files. Each refusal names the accounts whose status does not allow the action, and
// changes nothing.

const IGNORABLE = new Set(['Needs Files', 'Needs Validation']);

/** The accounts under a lock; another client's id answers exactly like one that exists nowhere. */
async function lockVisibleAccounts(tx: Tx, user: CurrentUser, ids: readonly number[]) {
  const unique = [...new Set(ids)];
  const states = await q.lockBatchAccountStates(tx, q.whereBatchAccountIds(unique));
  if (states.length !== unique.length) throw notFound(BATCH_ACCOUNT_MSG.notFound);
  for (const s of states) assertClientAccess(user, s.clientId, BATCH_ACCOUNT_MSG.notFound);
  return states;
}

function assertStatuses(
  states: readonly q.BatchAccountState[],
  action: string,
  allowed: (s: string) => boolean,
) {
  const refused = states.filter((s) => !allowed(s.status)).map((s) => s.label);
  if (refused.length > 0) throw badRequest(accountsNotAllowedMessage(action, refused));
}

async function auditStatus(
  tx: Tx,
  ctx: AuditContext,
  s: q.BatchAccountState,
  after: Record<string, unknown>,
) {
  await writeAudit(tx, ctx, {
    action: 'batch_account.updated',
    entity: 'batch_account',
    entityId: s.batchAccountId,
    before: { clientId: s.clientId, status: s.status },
    after: { clientId: s.clientId, ...after },
    clientIds: [s.clientId],
  });
}

async function validateLocked(
  tx: Tx,
  user: CurrentUser,
  states: readonly q.BatchAccountState[],
  overrides: ReadonlyMap<number, string>,
  ctx: AuditContext,
) {
  assertStatuses(states, 'validate', (s) => s === 'Needs Validation');
  const decided = await assertReconciledOrOverridden(tx, states, overrides);
  const ids = states.map((s) => s.batchAccountId);
  await q.markAccountsValidated(tx, ids);
  for (const s of states) {
    const override = decided.get(s.batchAccountId);
    if (override) await q.recordOverride(tx, s.batchAccountId, { ...override, userId: user.userId });
    await auditStatus(tx, ctx, s, {
      status: 'Validated',
      ...(override ? { overrideReason: override.reason, overrideSummary: override.summary } : {}),
    });
  }
  return ids;
}

/** PUT /accounts/validate (VALIDATE_ACCOUNT_BATCHES): every staged row Yes, the accounts Validated. */
export async function validateBatchAccounts(
  deps: IngestionDeps,
  user: CurrentUser,
  accounts: readonly { batchAccountId: number; overrideReason?: string | undefined }[],
  ctx: AuditContext,
): Promise<BatchAccountsChanged> {
  const overrides = new Map(
    accounts.flatMap((a) => (a.overrideReason ? [[a.batchAccountId, a.overrideReason] as const] : [])),
  );
  const ids = accounts.map((a) => a.batchAccountId);
  const changed = await deps.db.transaction(async (tx) =>
    validateLocked(tx, user, await lockVisibleAccounts(tx, user, ids), overrides, ctx),
  );
  return {
    msg: BATCH_VALIDATION_MSG.accountsValidated,
    accounts: await listBatchAccountsByIds(deps.db, changed),
  };
}

/**
 * PUT /api/data-ingestion-treasury-services/staging/validate (spec 4 "Treasury validation"): the
 * treasury batch's sections of those types, by the rule of Validate.
 */
export async function validateTreasurySections(
  deps: IngestionDeps,
  user: CurrentUser,
  input: { batchId: number; batchTypes: readonly TreasurySectionType[] },
  ctx: AuditContext,
): Promise<BatchAccountsChanged> {
  await findVisibleBatch(deps.db, user, input.batchId);
  const changed = await deps.db.transaction(async (tx) => {
    const states = await q.lockBatchAccountStates(tx, q.whereBatchSections(input.batchId, input.batchTypes));
    if (states.length === 0) throw new AppError(422, BATCH_VALIDATION_MSG.notTreasuryBatch);
    return validateLocked(tx, user, states, new Map(), ctx);
  });
  return {
    msg: BATCH_VALIDATION_MSG.accountsValidated,
    accounts: await listBatchAccountsByIds(deps.db, changed),
  };
}

/**
 * Takes the accounts' files and staging rows (a file another account shares stays for that account),
 * then closes or reopens their batches. Answers the storage keys to remove after the commit.
 */
async function removeFilesOf(tx: Tx, states: readonly q.BatchAccountState[], ctx: AuditContext) {
  const removed = await q.removeAccountsFiles(
    tx,
    states.map((s) => s.batchAccountId),
  );
  for (const f of removed.batchFiles) {
    await writeAudit(tx, ctx, {
      action: 'batch_file.deleted',
      entity: 'batch_file',
      entityId: f.batchFileId,
      before: { clientId: f.clientId, uploadedFileName: f.uploadedFileName, fileId: f.fileId },
      clientIds: [f.clientId],
    });
  }
  const files = await deleteUnreferencedFiles(tx, removed.storedFileIds);
  for (const file of files) {
    await writeAudit(tx, ctx, {
      action: 'file.deleted',
      entity: 'file',
      entityId: file.fileId,
      before: file,
      clientIds: file.clientId === null ? [] : [file.clientId],
    });
  }
  return {
    stagingRows: removed.stagingRows,
    batchFiles: removed.batchFiles.length,
    storageKeys: files.map((f) => f.storageKey),
  };
}

async function refreshBatches(tx: Tx, states: readonly q.BatchAccountState[], ctx: AuditContext) {
  const batchIds = [...new Set(states.map((s) => s.batchId))];
  await refreshBatchClosure(tx, batchIds, ctx);
  await refreshAnalysisStatus(tx, batchIds, ctx);
}

async function removeObjects(deps: IngestionDeps, keys: readonly string[]) {
  await removeStoredObjects(deps.storage, keys, (err, key) =>
    deps.log.warn({ err, key }, 'could not remove the object of a removed batch file'),
  );
}

/** PUT /accounts/ignore (IGNORE_ACCOUNT_BATCHES): 'Ignoring … will remove all uploaded files associated with them.' */
export async function ignoreBatchAccounts(
  deps: IngestionDeps,
  user: CurrentUser,
  ids: readonly number[],
  ctx: AuditContext,
): Promise<BatchAccountsChanged> {
  const { changed, storageKeys } = await deps.db.transaction(async (tx) => {
    const states = await lockVisibleAccounts(tx, user, ids);
    assertStatuses(states, 'ignore', (s) => IGNORABLE.has(s));
    const removed = await removeFilesOf(tx, states, ctx);
    await q.markAccountsIgnored(
      tx,
      states.map((s) => s.batchAccountId),
    );
    for (const s of states) {
      await auditStatus(tx, ctx, s, { status: 'Ignored', restoreStatus: s.status });
    }
    await refreshBatches(tx, states, ctx);
    return { changed: states.map((s) => s.batchAccountId), storageKeys: removed.storageKeys };
  });
  await removeObjects(deps, storageKeys);
  return {
    msg: BATCH_VALIDATION_MSG.accountsIgnored,
    accounts: await listBatchAccountsByIds(deps.db, changed),
  };
}

/** PUT /accounts/restore/{id} (IGNORE_ACCOUNT_BATCHES): see restoreAccount for the status it returns to. */
export async function restoreBatchAccount(
  deps: IngestionDeps,
  user: CurrentUser,
  id: number,
  ctx: AuditContext,
): Promise<BatchAccountsChanged> {
  await deps.db.transaction(async (tx) => {
    const states = await lockVisibleAccounts(tx, user, [id]);
    assertStatuses(states, 'restore', (s) => s === 'Ignored');
    const status = await q.restoreAccount(tx, id);
    await auditStatus(tx, ctx, states[0]!, { status, restoreStatus: null });
    await refreshBatches(tx, states, ctx);
  });
  return { msg: BATCH_VALIDATION_MSG.accountRestored, accounts: await listBatchAccountsByIds(deps.db, [id]) };
}

/**
 * DELETE /accounts/{id} (DELETE_ACCOUNT_BATCHES), refused on Needs Files (spec 4): the batch account's
 * uploads go, its staging rows and the files only it held, and it returns to Needs Files (issue 42
 * point 3): it stays in the batch, so its statements can be uploaded again, where deleting the row
 * left them failing "not in this batch". What it already put in the books stays.
 */
export async function deleteBatchAccount(
  deps: IngestionDeps,
  user: CurrentUser,
  id: number,
  ctx: AuditContext,
): Promise<BatchAccountsChanged> {
  const storageKeys = await deps.db.transaction(async (tx) => {
    const states = await lockVisibleAccounts(tx, user, [id]);
    assertStatuses(states, 'delete', (s) => s !== 'Needs Files');
    const removed = await removeFilesOf(tx, states, ctx);
    await q.resetAccountToNeedsFiles(tx, id);
    const s = states[0]!;
    await writeAudit(tx, ctx, {
      action: 'batch_account.deleted',
      entity: 'batch_account',
      entityId: id,
      before: { clientId: s.clientId, batchId: s.batchId, status: s.status, label: s.label },
      after: {
        clientId: s.clientId,
        status: 'Needs Files',
        stagingRows: removed.stagingRows,
        batchFiles: removed.batchFiles,
      },
      clientIds: [s.clientId],
    });
    await refreshBatches(tx, states, ctx);
    return removed.storageKeys;
  });
  await removeObjects(deps, storageKeys);
  return { msg: BATCH_VALIDATION_MSG.accountDeleted, accounts: await listBatchAccountsByIds(deps.db, [id]) };
}

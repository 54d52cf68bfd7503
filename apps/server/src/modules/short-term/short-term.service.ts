import type { ShortTermStep1Model } from '@tideline/analytics';
import { ACCOUNT_GROUP_MSG } from '@tideline/contracts/accounts/account-groups.schemas';
import {
  SHORT_TERM_MSG,
  type ShortTermDownload,
  type ShortTermRunStarted,
  type ShortTermStep1InputParsed,
} from '@tideline/contracts/short-term/short-term.schemas';
import type { Db, DbOrTx } from '../../db/open-database';
import { canAccessClient } from '../../platform/access/client-scope';
import type { CurrentUser } from '../../platform/access/route-access';
import { writeAudit, type AuditContext } from '../../platform/audit/write-audit';
import { badRequest, conflict, notFound } from '../../platform/http/app-error';
import type { JobRunner } from '../../platform/jobs/job-runner';
import type { Storage } from '../../platform/storage/storage';
import { lockClientStarts, markAnalysisInProgress } from '../analysis/analysis-cycle.service';
import { findVisibleClient } from '../clients/clients.service';
import * as q from './short-term.queries';
import { SHORT_TERM_STEP1_JOB, SHORT_TERM_STEP2_JOB, type ShortTermJobData } from './short-term.job';
import { discardFile, pdfFileNameOf, storeModelPdf } from './short-term-files';

// ingestion-analysis.md 4 "Short term model", 5 "Short term step 1/2", 7 "Analysis": run step 1 (and
// Edit & Rerun), run step 2, remove either, Download PDF. Every id is client-scoped: another client's
// answers 404, exactly as an id that exists nowhere.

export interface ShortTermDeps {
  db: Db;
  jobs: JobRunner;
  storage: Storage;
}

const isRunning = (state: string | null) => state === 'queued' || state === 'running';

/** A model the user may see, with its group's name; else 404. */
export async function findVisibleModel(db: DbOrTx, user: CurrentUser, shortTermModelId: number) {
  const found = await q.selectModel(db, shortTermModelId);
  if (!found || !canAccessClient(user, found.model.clientId)) throw notFound(SHORT_TERM_MSG.notFound);
  return found;
}

/** A group the user may see (of `clientId` when given); else 404. */
export async function findVisibleGroup(db: DbOrTx, user: CurrentUser, groupId: number, clientId?: number) {
  const group = await q.selectGroup(db, groupId);
  if (
    !group ||
    !canAccessClient(user, group.clientId) ||
    (clientId !== undefined && group.clientId !== clientId)
  )
    throw notFound(ACCOUNT_GROUP_MSG.notFound);
  return group;
}

/** Spec 5: the start date not before the group's minDate (the 24 months are the schema's rule). */
async function assertStartAfterMinDate(db: DbOrTx, groupId: number, startRange: string) {
  const minDate = await q.selectGroupMinDate(db, groupId);
  if (!minDate)
    throw badRequest(SHORT_TERM_MSG.groupWithoutData, { accountGroupId: [SHORT_TERM_MSG.groupWithoutData] });
  if (startRange < minDate) {
    const msg = SHORT_TERM_MSG.startBeforeMinDate(minDate);
    throw badRequest(msg, { startRange: [msg] });
  }
}

const queueOf = (step: 1 | 2) => (step === 1 ? SHORT_TERM_STEP1_JOB : SHORT_TERM_STEP2_JOB);

/**
 * Issue 40 point 4: one run of each step in flight per client. Under the client's lock for the step
 * (taken first in the transaction), a step still queued or running answers 409.
 */
async function assertNoStepInFlight(tx: DbOrTx, step: 1 | 2, clientId: number): Promise<void> {
  if (await q.hasStepInFlight(tx, step, queueOf(step), clientId))
    throw conflict(step === 1 ? SHORT_TERM_MSG.step1AlreadyRunning : SHORT_TERM_MSG.step2AlreadyRunning);
}

/** Sends a step's job in the transaction that queued the step, and records its id on the row. */
async function sendStep(
  deps: ShortTermDeps,
  tx: DbOrTx,
  step: 1 | 2,
  row: q.ModelRow,
  userId: number,
): Promise<string> {
  const data: ShortTermJobData = { shortTermModelId: row.shortTermModelId, clientId: row.clientId, userId };
  const jobId = await deps.jobs.enqueue(queueOf(step), data, {
    createdBy: userId,
    clientId: row.clientId,
    tx,
  });
  await q.updateModel(tx, row.shortTermModelId, step === 1 ? { step1JobId: jobId } : { step2JobId: jobId });
  return jobId;
}

/**
 * POST short-term/step-1/run: records the model (the cycle's analysis is then in progress) and sends
 * step 1, in one transaction. With shortTermModelId ('Edit & Rerun'), a failed step 1 is run again in
 * place; any other row is kept and a new model is recorded.
 */
export async function startStep1(
  deps: ShortTermDeps,
  user: CurrentUser,
  input: ShortTermStep1InputParsed,
  ctx: AuditContext,
): Promise<ShortTermRunStarted> {
  const { db } = deps;
  await findVisibleClient(db, user, input.clientId);
  await findVisibleGroup(db, user, input.accountGroupId, input.clientId);
  await assertStartAfterMinDate(db, input.accountGroupId, input.startRange);
  const values = {
    accountGroupId: input.accountGroupId,
    shortTermModelName: input.addAnalysisName,
    startDate: input.startRange,
    endDate: input.endRange,
    balanceAdjustments: input.balanceAdjustments,
  };
  let replacedKey: string | null = null;
  const started = await db.transaction(async (tx) => {
    await lockClientStarts(tx, queueOf(1), input.clientId);
    const rerun = input.shortTermModelId ? await q.lockModel(tx, input.shortTermModelId) : null;
    if (
      input.shortTermModelId &&
      (!rerun || rerun.clientId !== input.clientId || !canAccessClient(user, rerun.clientId))
    )
      throw notFound(SHORT_TERM_MSG.notFound);
    await assertNoStepInFlight(tx, 1, input.clientId);
    const openReportId = await markAnalysisInProgress(tx, ctx, input.clientId);
    let saved: q.ModelRow;
    if (rerun?.step1State === 'failed') {
      if (isRunning(rerun.step2State)) throw conflict(SHORT_TERM_MSG.stillRunning);
      replacedKey = rerun.fileKey;
      await q.updateModel(tx, rerun.shortTermModelId, {
        ...values,
        ...q.CLEARED_STEP_2,
        openReportId,
        step1State: 'queued',
        step1JobId: null,
        step1Message: null,
        step1Ready: null,
        step1Result: null,
        step1CompletedAt: null,
        fileKey: null,
        dataAsOf: null,
      });
      saved = (await q.lockModel(tx, rerun.shortTermModelId))!;
    } else {
      saved = await q.insertModel(tx, {
        ...values,
        clientId: input.clientId,
        openReportId,
        createdBy: user.userId,
      });
    }
    await writeAudit(tx, ctx, {
      action: rerun?.step1State === 'failed' ? 'short_term_model.rerun' : 'short_term_model.run',
      entity: 'short_term_model',
      entityId: saved.shortTermModelId,
      after: { clientId: saved.clientId, ...values },
    });
    return { row: saved, jobId: await sendStep(deps, tx, 1, saved, user.userId) };
  });
  await discardFile(deps.storage, replacedKey).catch(() => undefined);
  return {
    msg: SHORT_TERM_MSG.step1Started,
    shortTermModelId: started.row.shortTermModelId,
    jobId: started.jobId,
  };
}

/**
 * PUT short-term/step-2/run/{id}: the model named in the dialog, its step 1 ready; queues step 2 and
 * sends its job in one transaction.
 */
export async function startStep2(
  deps: ShortTermDeps,
  user: CurrentUser,
  shortTermModelId: number,
  modelName: string,
  ctx: AuditContext,
): Promise<ShortTermRunStarted> {
  const { db } = deps;
  const jobId = await db.transaction(async (tx) => {
    // The client's lock comes before the row's (lockClientStarts); a model never changes client.
    const seen = await q.selectModel(tx, shortTermModelId);
    if (!seen || !canAccessClient(user, seen.model.clientId)) throw notFound(SHORT_TERM_MSG.notFound);
    await lockClientStarts(tx, queueOf(2), seen.model.clientId);
    const model = await q.lockModel(tx, shortTermModelId);
    if (!model) throw notFound(SHORT_TERM_MSG.notFound);
    if (model.shortTermModelName.trim() !== modelName)
      throw badRequest(SHORT_TERM_MSG.modelNameMismatch, { modelName: [SHORT_TERM_MSG.modelNameMismatch] });
    if (isRunning(model.step1State) || isRunning(model.step2State))
      throw conflict(SHORT_TERM_MSG.stillRunning);
    if (model.step1State !== 'done') throw badRequest(SHORT_TERM_MSG.step1NotDone);
    if (!model.step1Ready) throw badRequest(SHORT_TERM_MSG.step1NotReady);
    await assertNoStepInFlight(tx, 2, model.clientId);
    const openReportId = await markAnalysisInProgress(tx, ctx, model.clientId);
    await q.updateModel(tx, shortTermModelId, {
      ...q.CLEARED_STEP_2,
      step2State: 'queued',
      openReportId: openReportId ?? model.openReportId,
    });
    await writeAudit(tx, ctx, {
      action: 'short_term_model.step2_run',
      entity: 'short_term_model',
      entityId: shortTermModelId,
      after: { clientId: model.clientId, modelName },
    });
    return sendStep(deps, tx, 2, model, user.userId);
  });
  return { msg: SHORT_TERM_MSG.step2Started, shortTermModelId, jobId };
}

/** DELETE short-term/step-1/remove/{id}: the whole model and its PDF. */
export async function removeModel(deps: ShortTermDeps, user: CurrentUser, id: number, ctx: AuditContext) {
  const removed = await deps.db.transaction(async (tx) => {
    const model = await q.lockModel(tx, id);
    if (!model || !canAccessClient(user, model.clientId)) throw notFound(SHORT_TERM_MSG.notFound);
    await q.deleteModel(tx, id);
    await writeAudit(tx, ctx, {
      action: 'short_term_model.deleted',
      entity: 'short_term_model',
      entityId: id,
      before: {
        clientId: model.clientId,
        name: model.shortTermModelName,
        startDate: model.startDate,
        endDate: model.endDate,
      },
    });
    return model;
  });
  await discardFile(deps.storage, removed.fileKey).catch(() => undefined);
  return { msg: SHORT_TERM_MSG.step1Deleted };
}

/**
 * DELETE short-term/step-2/remove/{id}: step 2 only; step 1 stays, and its PDF is written again
 * without the forecast (a PDF that cannot be written leaves the row without one, not the removal).
 */
export async function removeStep2(deps: ShortTermDeps, user: CurrentUser, id: number, ctx: AuditContext) {
  const { db, storage } = deps;
  const model = await db.transaction(async (tx) => {
    const row = await q.lockModel(tx, id);
    if (!row || !canAccessClient(user, row.clientId)) throw notFound(SHORT_TERM_MSG.notFound);
    if (row.step2State === null) throw notFound(SHORT_TERM_MSG.noStep2);
    await q.updateModel(tx, id, { ...q.CLEARED_STEP_2, fileKey: null });
    await writeAudit(tx, ctx, {
      action: 'short_term_model.step2_deleted',
      entity: 'short_term_model',
      entityId: id,
      before: { clientId: row.clientId, name: row.shortTermModelName, step2State: row.step2State },
    });
    return row;
  });
  await discardFile(storage, model.fileKey).catch(() => undefined);
  if (model.step1State === 'done' && model.step1Result) {
    const found = await q.selectModel(db, id);
    if (found) {
      const key = await storeModelPdf(db, storage, found.model, {
        groupName: found.groupName,
        step1: found.model.step1Result as ShortTermStep1Model,
        step2: null,
      }).catch(() => null);
      const isSaved = key !== null && (await q.updateModel(db, id, { fileKey: key }));
      if (key && !isSaved) await discardFile(storage, key).catch(() => undefined);
    }
  }
  return { msg: SHORT_TERM_MSG.step2Deleted };
}

/** GET short-term/download/{clientId}/{fileUrl}: a short-lived signed link to the model's PDF. */
export async function createPdfLink(
  deps: ShortTermDeps,
  user: CurrentUser,
  clientId: number,
  fileUrl: string,
): Promise<ShortTermDownload> {
  await findVisibleClient(deps.db, user, clientId);
  const model = await q.selectModelByFile(deps.db, clientId, fileUrl);
  if (!model?.fileKey) throw notFound(SHORT_TERM_MSG.noPdf);
  const fileName = pdfFileNameOf(model.shortTermModelName);
  return { url: await deps.storage.createSignedDownload({ key: model.fileKey, fileName }), fileName };
}

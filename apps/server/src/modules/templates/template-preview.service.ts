import type { ImportTemplate } from '@tideline/contracts/templates/import-template';
import {
  PREVIEW_MAX_BYTES,
  TEMPLATE_MSG,
  type TemplatePreview,
  type TemplatePreviewBodySchema,
} from '@tideline/contracts';
import type { Limits } from '@tideline/ingest/core/limits';
import type { IngestWorkers, WorkerBudget } from '@tideline/ingest/worker/run-in-worker';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/open-database';
import type { CurrentUser } from '../../platform/access/route-access';
import { AppError } from '../../platform/http/app-error';
import type { Storage } from '../../platform/storage/storage';
import { readBatchFileSample } from '../data-ingestion/upload/batch-file-sample.service';

type PreviewBody = z.output<typeof TemplatePreviewBodySchema>;

export interface PreviewDeps {
  workers: IngestWorkers;
  /** The configured per-file budget; a preview takes at most PREVIEW_BUDGET of it. */
  budget: WorkerBudget;
  /** Where a batch file's stored source is read from (a preview by fileAuditId). */
  db: DbOrTx;
  storage: Storage;
}

/** The sample: sent as base64, or an uploaded batch file the user may see, read from storage. */
async function readSample(deps: PreviewDeps, user: CurrentUser, body: PreviewBody) {
  if (body.file)
    return { fileName: body.file.fileName, bytes: Buffer.from(body.file.contentBase64, 'base64') };
  return readBatchFileSample(deps, user, body.fileAuditId!);
}

// A preview reads a small sample while the user waits: tighter limits than an extraction job's, so a
// 5 MB zip that unpacks to gigabytes is refused before it is inflated (issue 14 point 1).
const PREVIEW_LIMITS: Partial<Limits> = {
  maxFileBytes: PREVIEW_MAX_BYTES,
  maxRows: 200_000,
  maxXlsxUncompressedBytes: 100 * 1024 * 1024,
  maxXlsxEntries: 1_000,
  maxPdfPages: 50,
  maxPdfMillis: 20_000,
};
const PREVIEW_BUDGET: WorkerBudget = { maxHeapMb: 256, timeoutMs: 20_000 };

/**
 * POST /api/templates/preview (ours, issue 4 point 4): what the template being edited would make of a
 * sample file, sent or (by fileAuditId) an uploaded statement of a batch the user may see. The file is read in an ingest worker; a limit it reaches answers 413 (size) or 422
 * (memory, time) with the limit's message, and the API keeps serving everyone else.
 */
export async function previewTemplate(
  deps: PreviewDeps,
  user: CurrentUser,
  body: PreviewBody,
): Promise<TemplatePreview> {
  const { fileName, bytes } = await readSample(deps, user, body);
  if (bytes.byteLength > PREVIEW_MAX_BYTES) throw new AppError(413, TEMPLATE_MSG.fileTooLarge);
  const template = body.template
    ? ({
        type: body.template.type,
        templateType: body.template.templateType,
        ...(body.template.headerRow ? { headerRow: body.template.headerRow } : {}),
        jsonTransform: body.template.jsonTransform,
      } as ImportTemplate)
    : null;
  const budget: WorkerBudget = {
    maxHeapMb: Math.min(deps.budget.maxHeapMb, PREVIEW_BUDGET.maxHeapMb),
    timeoutMs: Math.min(deps.budget.timeoutMs, PREVIEW_BUDGET.timeoutMs),
  };
  const result = await deps.workers.run(
    'previewFile',
    { bytes, fileName, template, limits: PREVIEW_LIMITS },
    budget,
  );
  if (!result.ok) throw refusal(result.error);
  // A sample past a limit is refused as such, not shown as a template mismatch.
  if (result.value.error?.kind === 'limit-exceeded') throw refusal(result.value.error);
  return result.value;
}

/** Size limits answer 413; memory and time limits 422; a reader failure 422 with its plain message. */
function refusal(error: { kind: string; message: string; limit?: string }): AppError {
  if (error.kind !== 'limit-exceeded') return new AppError(422, error.message);
  const isCost = error.limit === 'memory' || error.limit === 'time' || error.limit === 'pdfTime';
  return new AppError(isCost ? 422 : 413, `${TEMPLATE_MSG.previewFailed} ${error.message}`);
}

import type { ShortTermStep1Model } from '@tideline/analytics';
import type { DbOrTx } from '../../db/open-database';
import type { Storage } from '../../platform/storage/storage';
import { createFinalKey } from '../../platform/storage/storage-keys';
import { findClientsByIds } from '../clients/clients.service';
import type { ModelRow } from './short-term.queries';
import { renderShortTermPdf } from './short-term-pdf';
import type { StoredStep2 } from './short-term-results';

// The Download PDF file of a model: written under a fresh final key (never writable by an upload
// form), its key kept in short_term_models.file_key. The row's fileUrl is the key's last part.

/** A row's fileUrl: the file's id (the last part of its storage key), or null without a file. */
export function fileUrlOf(fileKey: string | null): string | null {
  return fileKey ? (fileKey.split('/').at(-1) ?? null) : null;
}

/** The file name the browser saves. */
export function pdfFileNameOf(modelName: string): string {
  const safe = modelName.replace(/[^\w .-]+/g, '_').trim() || 'model';
  return `${safe} - Short Term Model.pdf`;
}

/** Renders the model's PDF from its stored results and stores it; answers the new key. */
export async function storeModelPdf(
  db: DbOrTx,
  storage: Storage,
  row: ModelRow,
  parts: { groupName: string; step1: ShortTermStep1Model; step2: StoredStep2 | null },
): Promise<string> {
  const [client] = await findClientsByIds(db, [row.clientId]);
  const pdf = await renderShortTermPdf({
    modelName: row.shortTermModelName,
    clientName: client?.clientName ?? '',
    groupName: parts.groupName,
    createdAt: row.createdAt,
    dataAsOf: row.dataAsOf,
    step1: parts.step1,
    step2: parts.step2,
  });
  const key = createFinalKey();
  await storage.putObject(key, pdf, 'application/pdf');
  return key;
}

/** Removes a file no row names any more; a file that cannot be removed is left (and logged by the caller). */
export async function discardFile(storage: Storage, key: string | null | undefined): Promise<void> {
  if (key) await storage.deleteObject(key);
}

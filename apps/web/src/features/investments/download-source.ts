import { NO_FILE_ID, type Investment } from '@tideline/contracts/investments/investments.schemas';
import { saveSignedDownload } from '../../lib/save-file';
import { fetchInvestmentSource } from './investments.api';

/** Thrown when the investment has no source file (spec 3, 9: fileId 1). */
export class NoSourceFileError extends Error {}

/**
 * Download Source (spec 7): a signed link by the investment's file, then the file itself, fetched as a
 * blob without the auth header (the link carries its own signature), saved under its own name.
 */
export async function downloadSource(investment: Investment): Promise<void> {
  if (investment.fileId === NO_FILE_ID) throw new NoSourceFileError();
  const { url, fileName } = await fetchInvestmentSource(investment.id);
  await saveSignedDownload(url, fileName);
}

import {
  notInTreasuryBatchMessage,
  STAGING_TREASURY_MSG,
} from '@tideline/contracts/staging-treasury/staging-treasury.schemas';
import { STAGING_ROW_MSG } from '@tideline/contracts/data-ingestion/staging-rows.schemas';
import type { Tx } from '../../db/open-database';
import { batches } from '../../db/schema';
import { whereClientVisible } from '../../platform/access/client-scope';
import type { CurrentUser } from '../../platform/access/route-access';
import { badRequest, conflict, notFound } from '../../platform/http/app-error';
import { assertChangeable } from '../data-ingestion/staging/staging-row-locks';
import * as q from './staging-treasury.queries';
import type { TreasurySection } from './treasury-sections';

// What every change of treasury staging rows checks first, inside its transaction, in the order of the
// staging transactions: the batch (404 for another client's), read-only states (409), foreign ids (400).

/**
 * Locks the section's batch account (serializing every change of its rows) after the checks; answers
 * it. Ids that are not rows of the batch's section, or do not exist, answer 400 naming them.
 */
export async function lockSectionForChange(
  tx: Tx,
  user: CurrentUser,
  section: TreasurySection,
  batchId: number,
  ids: readonly number[],
  options: { isValidating?: boolean } = {},
): Promise<q.SectionAccount> {
  const batch = await q.selectBatch(tx, batchId, whereClientVisible(user, batches.clientId));
  if (!batch) throw notFound(STAGING_TREASURY_MSG.batchNotFound);
  const account = await q.selectSectionAccount(tx, batchId, section, true);
  assertChangeable([{ status: account?.status ?? '', batchValidatedAt: batch.validatedAt }]);
  const found = account ? await q.selectIdsInAccount(tx, section, account.batchAccountId, ids) : new Set();
  const strangers = ids.filter((id) => !found.has(id));
  if (strangers.length > 0 || !account) {
    const msg = notInTreasuryBatchMessage(section.kind, strangers, batchId);
    throw badRequest(msg, { [section.idsField]: [msg] });
  }
  // Issue 39 point 4: a booked row's change would never reach the books (validating it changes nothing).
  const booked = options.isValidating ? 0 : await q.countBookedRows(tx, section, ids);
  if (booked > 0) throw conflict(STAGING_ROW_MSG.bookedRows(booked, 'Analysis'));
  return account;
}

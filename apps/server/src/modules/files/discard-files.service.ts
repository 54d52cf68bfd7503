import { FILE_MSG } from '@tideline/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/open-database';
import type { CurrentUser } from '../../platform/access/route-access';
import { writeAudit, type AuditContext } from '../../platform/audit/write-audit';
import { conflict, notFound } from '../../platform/http/app-error';
import type { Storage } from '../../platform/storage/storage';
import { canSeeFile } from './files.service';
import * as q from './files.queries';

export interface DiscardFilesDeps {
  db: Db;
  storage: Storage;
  log: FastifyBaseLogger;
}

/**
 * Removes uploads nobody took (a cancelled upload dialog): the rows in one transaction, audited
 * `file.deleted`, then their objects. Every file must be one the user may see (404 otherwise, as for
 * a file that does not exist) and held by nothing (409: a batch file, a transaction, an investment or
 * an account came from it), or nothing is removed.
 */
export async function discardFiles(
  deps: DiscardFilesDeps,
  user: CurrentUser,
  fileIds: readonly number[],
  ctx: AuditContext,
  heldMessage: string,
): Promise<number> {
  const ids = [...new Set(fileIds)];
  const removed = await deps.db.transaction(async (tx) => {
    for (const fileId of ids) {
      const row = await q.selectFileForUpdate(tx, fileId);
      if (!row || !canSeeFile(user, row.clientId)) throw notFound(FILE_MSG.notFound);
    }
    if ((await q.selectHeldFileIds(tx, ids)).length > 0) throw conflict(heldMessage);
    const rows = await q.deleteFileRows(tx, ids);
    for (const row of rows) {
      await writeAudit(tx, ctx, {
        action: 'file.deleted',
        entity: 'file',
        entityId: row.fileId,
        before: {
          fileName: row.fileName,
          clientId: row.clientId,
          status: row.status,
          storageKey: row.storageKey,
        },
      });
    }
    return rows;
  });
  // Storage is not transactional: objects go after the commit; one left behind belongs to no row.
  for (const row of removed) {
    await deps.storage.deleteObject(row.storageKey).catch((err: unknown) => {
      deps.log.warn({ err, key: row.storageKey }, 'could not remove the object of a discarded upload');
    });
  }
  return removed.length;
}

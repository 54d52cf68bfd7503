import type { FastifyBaseLogger } from 'fastify';
import {
  BALANCE_TABLES_MSG,
  type BalanceTablesStarted,
} from '@tideline/contracts/balance-tables/balance-tables.schemas';
import type { Db } from '../../db/open-database';
import type { CurrentUser } from '../../platform/access/route-access';
import { conflict } from '../../platform/http/app-error';
import type { JobRunner } from '../../platform/jobs/job-runner';
import { lockClientStarts } from '../analysis/analysis-cycle.service';
import { findVisibleClient } from '../clients/clients.service';
import { BALANCE_TABLES_JOB, type BalanceTablesData } from './balance-tables.job';
import * as q from './balance-tables.queries';

/**
 * POST /api/analytics/balance-tables/:clientId: all the client's tables; the job id is polled at
 * /api/jobs. One calculation of a client in flight at a time (issue 40 point 4): under the client's
 * lock, a job of the queue not yet ended (this route's, or a promotion's) answers 409.
 */
export async function startBalanceTables(
  deps: { db: Db; jobs: JobRunner },
  user: CurrentUser,
  clientId: number,
): Promise<BalanceTablesStarted> {
  await findVisibleClient(deps.db, user, clientId);
  const data: BalanceTablesData = { clientId, userId: user.userId };
  const jobId = await deps.db.transaction(async (tx) => {
    await lockClientStarts(tx, BALANCE_TABLES_JOB, clientId);
    if (await q.hasJobInFlight(tx, BALANCE_TABLES_JOB, clientId))
      throw conflict(BALANCE_TABLES_MSG.alreadyRunning);
    return deps.jobs.enqueue(BALANCE_TABLES_JOB, data, { createdBy: user.userId, clientId, tx });
  });
  return { msg: BALANCE_TABLES_MSG.started, jobId };
}

/**
 * After VALIDATE THIS BATCH committed (issue 17): the promoted accounts' tables. The books are already
 * right, so a job that cannot be sent is logged, never an error of the promotion; the client's tables
 * are then recomputed by the next promotion or by 'Calculate Daily and Monthly Tables'.
 */
export async function queueBalanceTables(
  deps: { jobs: JobRunner; log: FastifyBaseLogger },
  who: { clientId: number; userId: number },
  accountIds: readonly number[],
): Promise<string | null> {
  if (accountIds.length === 0) return null;
  const data: BalanceTablesData = { ...who, accountIds: [...new Set(accountIds)] };
  try {
    return await deps.jobs.enqueue(BALANCE_TABLES_JOB, data, {
      createdBy: who.userId,
      clientId: who.clientId,
    });
  } catch (err) {
    deps.log.error({ err, clientId: who.clientId }, 'could not queue the balance tables job');
    return null;
  }
}

import { randomInt } from 'node:crypto';
import { subtractYears } from '@tideline/contracts/monte-carlo/monte-carlo-dates';
import { MONTE_CARLO_DEFAULT_PATHS } from '@tideline/contracts/monte-carlo/monte-carlo.schemas';
import type { Db } from '../../db/open-database';
import { findAnalysisOpenReportId } from '../analysis/analysis-cycle.service';
import { computeMonteCarloRun, type MonteCarloJobResult } from './monte-carlo.job';
import * as q from './monte-carlo.queries';

/**
 * A Monte Carlo run recorded and computed at once, without the job queue (seed-demo, tests): the same
 * row and result the route's job writes. `createdAt` backdates the run (its date is the model's
 * "today" and the day of its market rates). The run joins the client's open report, if any, without
 * moving its status.
 */
export async function runMonteCarloNow(
  db: Db,
  input: {
    clientId: number;
    accountGroupId: number;
    userId: number;
    name: string;
    endDate: string;
    numberOfYears: number;
    seed?: number;
    paths?: number;
    createdAt?: Date;
  },
): Promise<MonteCarloJobResult> {
  const run = await q.insertRun(db, {
    clientId: input.clientId,
    accountGroupId: input.accountGroupId,
    openReportId: await findAnalysisOpenReportId(db, input.clientId),
    monteCarloName: input.name,
    startDate: subtractYears(input.endDate, input.numberOfYears),
    endDate: input.endDate,
    numberOfYears: input.numberOfYears,
    seed: input.seed ?? randomInt(0, 2 ** 32),
    paths: input.paths ?? MONTE_CARLO_DEFAULT_PATHS,
    createdBy: input.userId,
    ...(input.createdAt ? { createdAt: input.createdAt } : {}),
  });
  return computeMonteCarloRun({
    db,
    data: { monteCarloId: run.monteCarloId, clientId: input.clientId, userId: input.userId },
    setProgress: async () => undefined,
  });
}

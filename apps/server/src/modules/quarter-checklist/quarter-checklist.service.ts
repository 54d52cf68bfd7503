import type { QuarterChecklist } from '@tideline/contracts/quarter-checklist/quarter-checklist.schemas';
import type { DbOrTx } from '../../db/open-database';
import type { CurrentUser } from '../../platform/access/route-access';
import { findVisibleClientOption } from '../data-ingestion/visible-client';
import { deriveQuarterStages } from './derive-quarter-stages';
import { selectChecklistCounts, selectChecklistCycle } from './quarter-checklist.queries';

/** GET /api/quarter-checklist/{clientId}: the client's cycle and its stages. */
export async function findQuarterChecklist(
  db: DbOrTx,
  user: CurrentUser,
  clientId: number,
): Promise<QuarterChecklist> {
  await findVisibleClientOption(db, user, clientId);
  const cycle = await selectChecklistCycle(db, clientId);
  const counts = cycle ? await selectChecklistCounts(db, clientId, cycle) : undefined;
  const stages = deriveQuarterStages(cycle, counts);
  const isCurrent = stages[0]?.state === 'done';
  return {
    clientId,
    openReportId: isCurrent && cycle ? cycle.openReportId : null,
    startDate: isCurrent && cycle ? cycle.startDate : null,
    endDate: isCurrent && cycle ? cycle.endDate : null,
    stages,
  };
}

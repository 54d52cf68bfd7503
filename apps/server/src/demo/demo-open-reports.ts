import { asc, inArray, sql } from 'drizzle-orm';
import { INGESTION_ACCOUNT_TYPES } from '@tideline/contracts/data-ingestion/start-ingestion.schemas';
import type { Db } from '../db/open-database';
import { batches, openReports } from '../db/schema';
import { createClientBatches } from '../modules/data-ingestion/batches/start-ingestion.service';
import type { AuditContext } from '../platform/audit/write-audit';
import {
  addMonths,
  formatIsoDate,
  fromDayNumber,
  parseIsoDate,
  toDayNumber,
} from '@tideline/analytics/core/iso-date';
import { DEMO_ACTOR } from './seed-people';

/**
 * The reporting cycle as a quarter-end leaves it (ingestion.md "Reporting cycle"): Cedar Valley's
 * report for the last full quarter is being ingested, Millbrook's is opened but not started; the
 * other clients have none. Due dates are days after the quarter's end.
 */
export const DEMO_OPEN_REPORTS = [
  { clientKey: 'cedar', dueAfterDays: 20, startIngestion: true },
  { clientKey: 'millbrook', dueAfterDays: 27, startIngestion: false },
] as const;

/** The last calendar quarter that ended on or before `lastDate`: [first day, last day], YYYY-MM-DD. */
export function lastFullQuarter(lastDate: string): { startDate: string; endDate: string } {
  const day = parseIsoDate(lastDate)!;
  const { year, month } = fromDayNumber(day);
  const current = toDayNumber(year, Math.floor((month - 1) / 3) * 3 + 1, 1);
  const start = addMonths(current, 3) - 1 === day ? current : addMonths(current, -3);
  return { startDate: formatIsoDate(start), endDate: formatIsoDate(addMonths(start, 3) - 1) };
}

/** The demo's cycle is written like a user's: audited, by the seed. */
const DEMO_CYCLE_CONTEXT: AuditContext = {
  userId: null,
  actorEmail: DEMO_ACTOR.email,
  requestId: null,
  ipAddress: null,
};

/**
 * Opens the demo reports and, where ingestion has started, runs Start Ingestion for the whole client
 * and every account type (the same code as the API): one batch per active bank relationship and type
 * the client holds, its batch accounts Needs Files (Treasury Services accounts make a Treasury batch of
 * three sections). Answers the batch ids by `${clientKey}.${templateType}` (first relationship's batch
 * of that type).
 */
export async function insertDemoOpenReports(
  db: Db,
  lastDate: string,
  clientIds: ReadonlyMap<string, number>,
): Promise<Map<string, number>> {
  const { startDate, endDate } = lastFullQuarter(lastDate);
  const batchIds = new Map<string, number>();
  for (const r of DEMO_OPEN_REPORTS) {
    const clientId = clientIds.get(r.clientKey)!;
    const dueDate = formatIsoDate(parseIsoDate(endDate)! + r.dueAfterDays);
    await db.insert(openReports).values({ clientId, startDate, endDate, dueDate });
    if (!r.startIngestion) continue;
    const { rows } = await db.execute(sql`select c.client_name as "clientName",
        array_agg(rel.bank_client_rel_id order by rel.bank_client_rel_id) as "bankClientRelIds"
      from clients c join bank_client_relationships rel on rel.client_id = c.client_id and rel.status = 1
      where c.client_id = ${clientId} group by c.client_name`);
    const { clientName, bankClientRelIds } = rows[0] as { clientName: string; bankClientRelIds: number[] };
    const body = { startDate, endDate, types: [...INGESTION_ACCOUNT_TYPES] };
    const { batchIds: created } = await db.transaction((tx) =>
      createClientBatches(tx, { clientId, clientName, bankClientRelIds }, body, 'client', DEMO_CYCLE_CONTEXT),
    );
    const made = await db
      .select({ batchId: batches.batchId, templateType: batches.templateType })
      .from(batches)
      .where(inArray(batches.batchId, created))
      .orderBy(asc(batches.bankClientRelId), asc(batches.templateType));
    for (const b of made) {
      const key = `${r.clientKey}.${b.templateType}`;
      if (!batchIds.has(key)) batchIds.set(key, b.batchId);
    }
  }
  return batchIds;
}

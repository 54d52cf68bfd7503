import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/open-database';
import { openReports } from '../db/schema';
import {
  addMonths,
  formatIsoDate,
  fromDayNumber,
  parseIsoDate,
  toDayNumber,
} from '@tideline/analytics/iso-date';

/**
 * The reporting cycle as a quarter-end leaves it (ingestion.md "Reporting cycle"): Cedar Valley's
 * report for the last full quarter is being ingested, Millbrook's is opened but not started; the
 * other clients have none. Due dates are days after the quarter's end.
 */
export const DEMO_OPEN_REPORTS = [
  { clientKey: 'cedar', ingestionStatus: 'IN PROGRESS', dueAfterDays: 20, withBatches: true },
  { clientKey: 'millbrook', ingestionStatus: 'NOT STARTED', dueAfterDays: 27, withBatches: false },
] as const;

/** The last calendar quarter that ended on or before `lastDate`: [first day, last day], YYYY-MM-DD. */
export function lastFullQuarter(lastDate: string): { startDate: string; endDate: string } {
  const day = parseIsoDate(lastDate)!;
  const { year, month } = fromDayNumber(day);
  const current = toDayNumber(year, Math.floor((month - 1) / 3) * 3 + 1, 1);
  const start = addMonths(current, 3) - 1 === day ? current : addMonths(current, -3);
  return { startDate: formatIsoDate(start), endDate: formatIsoDate(addMonths(start, 3) - 1) };
}

/**
 * Opens the demo reports and, where ingestion has started, one batch per bank relationship and
 * account type the client holds (Treasury Services accounts make Treasury batches), each expecting a
 * statement per account and month. Answers the batch ids by `${clientKey}.${templateType}` (first
 * relationship's batch of that type).
 */
export async function insertDemoOpenReports(
  db: DbOrTx,
  lastDate: string,
  clientIds: ReadonlyMap<string, number>,
): Promise<Map<string, number>> {
  const { startDate, endDate } = lastFullQuarter(lastDate);
  const batchIds = new Map<string, number>();
  for (const r of DEMO_OPEN_REPORTS) {
    const clientId = clientIds.get(r.clientKey)!;
    const dueDate = formatIsoDate(parseIsoDate(endDate)! + r.dueAfterDays);
    const [report] = await db
      .insert(openReports)
      .values({ clientId, startDate, endDate, dueDate, ingestionStatus: r.ingestionStatus })
      .returning({ id: openReports.openReportId });
    if (!r.withBatches) continue;
    const { rows } = await db.execute(sql`
      insert into batches (open_report_id, client_id, bank_client_rel_id, template_type, template_id, sources_required)
      select ${report!.id}, rel.client_id, rel.bank_client_rel_id, kind.template_type,
        (select t.template_id from import_templates t
          where t.bank_client_rel_id = rel.bank_client_rel_id and t.type = kind.template_type
          order by t.template_id limit 1),
        kind.accounts * 3
      from bank_client_relationships rel
      cross join lateral (
        select case a.account_type when 'Treasury Services' then 'Treasury' else a.account_type end as template_type,
          count(*)::int as accounts
        from accounts a
        where a.client_id = rel.client_id and a.bank_id = rel.bank_id and not a.is_staging
        group by 1) kind
      where rel.client_id = ${clientId}
      order by rel.bank_client_rel_id, kind.template_type
      returning batch_id as "batchId", template_type as "templateType"`);
    for (const b of rows as { batchId: number; templateType: string }[]) {
      const key = `${r.clientKey}.${b.templateType}`;
      if (!batchIds.has(key)) batchIds.set(key, b.batchId);
    }
  }
  return batchIds;
}

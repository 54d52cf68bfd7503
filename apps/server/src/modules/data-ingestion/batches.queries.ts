import { sql } from 'drizzle-orm';
import { batches, openReports } from '../../db/schema';

/**
 * The open batches of the open report in the outer query (select from open_reports). Every batch
 * counts as open until batch accounts exist: platform.md 4.5 counts an empty list as open.
 */
export const openBatchCountOfReport = sql<number>`(select count(*)::int from ${batches} b
  where b.open_report_id = ${openReports.openReportId})`;

import { sql } from 'drizzle-orm';
import { EXCEPTION_RULES } from '@tideline/contracts/exceptions/exceptions.schemas';
import type { DbOrTx } from '../../../db/open-database';
import { scopeClients, type Detector, type DetectorScope, type Finding } from '../finding';
import { formatLongDay } from './statement-periods';

interface DuplicateRow {
  clientId: number;
  batchAccountId: number;
  label: string;
  bankName: string;
  undecided: number;
  since: string;
}

interface WaitingRow {
  clientId: number;
  batchAccountId: number;
  label: string;
  bankName: string;
  since: string;
  sinceDay: string;
  days: number;
}

// The batch accounts of open reports still to be decided (not Validated or Ignored), with the name
// a person knows them by: the account's name and number's last 4, or a treasury statement's section.
const joinOpenReport = sql`join batches b on b.batch_id = ba.batch_id
  join open_reports r on r.open_report_id = b.open_report_id and r.closed_at is null
  join bank_client_relationships rel on rel.bank_client_rel_id = b.bank_client_rel_id
  join banks bk on bk.bank_id = rel.bank_id
  left join accounts a on a.account_id = ba.account_id`;
const isUndecided = sql`ba.status not in ('Validated', 'Ignored')`;
const labelOf = sql`coalesce(a.account_name || ' ...' || right(a.account_number, 4), ba.section_type || ' section')`;

/**
 * Undecided possible duplicates per batch account, since the first of their files was extracted. The
 * two pointer columns' partial indexes find the flagged rows without reading every staged row.
 */
async function selectUndecidedDuplicates(db: DbOrTx, scope: DetectorScope): Promise<DuplicateRow[]> {
  const { rows } =
    await db.execute(sql`select ba.client_id as "clientId", ba.batch_account_id as "batchAccountId",
      ${labelOf} as label, bk.bank_name as "bankName", d.undecided, d.since
    from (select s.batch_account_id, count(*)::int as undecided, min(bf.updated_at)::text as since
      from staging_transactions s
      join batch_files bf on bf.batch_file_id = s.batch_file_id
      where s.client_id = any(${scopeClients(scope)})
        and (s.duplicate_of_transaction_id is not null or s.duplicate_of_staging_transaction_id is not null)
        and s.duplicate_decision is null
      group by s.batch_account_id) d
    join batch_accounts ba on ba.batch_account_id = d.batch_account_id
    ${joinOpenReport}
    where ${isUndecided}`);
  return rows as unknown as DuplicateRow[];
}

async function selectLongWaiting(db: DbOrTx, scope: DetectorScope): Promise<WaitingRow[]> {
  const now = scope.now.toISOString();
  const { rows } =
    await db.execute(sql`select ba.client_id as "clientId", ba.batch_account_id as "batchAccountId",
      ${labelOf} as label, bk.bank_name as "bankName", ba.updated_at::text as since,
      ba.updated_at::date::text as "sinceDay",
      floor(extract(epoch from (${now}::timestamptz - ba.updated_at)) / 86400)::int as days
    from batch_accounts ba
    ${joinOpenReport}
    where ba.client_id = any(${scopeClients(scope)}) and ba.status = 'Needs Validation'
      and ba.updated_at < ${now}::timestamptz - make_interval(days => ${EXCEPTION_RULES.needsValidationDays})`);
  return rows as unknown as WaitingRow[];
}

const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;

/**
 * Batch accounts of open reports waiting on a person (issue 43 point 1): possible duplicates no one
 * has kept or dropped (they block Validate), and an account left Needs Validation past
 * EXCEPTION_RULES.needsValidationDays days since it last changed.
 */
export const batchAccountsDetector: Detector = {
  kinds: ['possible_duplicates', 'needs_validation'],
  async detect(db, scope) {
    const [duplicates, waiting] = await Promise.all([
      selectUndecidedDuplicates(db, scope),
      selectLongWaiting(db, scope),
    ]);
    const findings: Finding[] = [];
    for (const r of duplicates)
      findings.push({
        clientId: r.clientId,
        kind: 'possible_duplicates',
        subjectKey: `batch-account:${r.batchAccountId}`,
        severity: 'Medium',
        summary:
          `${r.label} at ${r.bankName} has ${count(r.undecided, 'possible duplicate', 'possible duplicates')} ` +
          `to keep or drop before it can be validated.`,
        link: { place: 'uploadDashboard', clientId: r.clientId },
        since: new Date(r.since).toISOString(),
        amount: null,
      });
    for (const r of waiting)
      findings.push({
        clientId: r.clientId,
        kind: 'needs_validation',
        subjectKey: `batch-account:${r.batchAccountId}`,
        severity: r.days > 2 * EXCEPTION_RULES.needsValidationDays ? 'High' : 'Medium',
        summary:
          `${r.label} at ${r.bankName} has been Needs Validation for ${count(r.days, 'day', 'days')}, since ` +
          `${formatLongDay(r.sinceDay)}.`,
        link: { place: 'uploadDashboard', clientId: r.clientId },
        since: new Date(r.since).toISOString(),
        amount: null,
      });
    return findings;
  },
};

import { sql } from 'drizzle-orm';
import { listBusinessDays } from '@tideline/analytics/calendar/business-calendar';
import { parseIsoDate } from '@tideline/analytics/core/iso-date';
import type { ReconciledStatement } from '@tideline/contracts/data-ingestion/reconciliation.schemas';
import { checkBatchAccounts } from '../../data-ingestion/reconciliation/account-reconciliations';
import { previousDay } from '../../data-ingestion/reconciliation/reconcile-account';
import { formatDay } from '../../data-ingestion/reconciliation/reconciliation-text';
import { scopeClients, type Detector, type Finding } from '../finding';

interface BatchAccountRow {
  clientId: number;
  batchAccountId: number;
  label: string;
  bankName: string;
}

const cents = (dollars: number) => Math.round(dollars * 100);
const nextDay = (day: string) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/**
 * The first statement, in the reconciliation's order, that does not add up or does not open at the
 * previous one's close: the break's day and its dollars. A statement inside a period already
 * covered (a day of a month's statement, a repeat) is checked by itself only, as the reconciliation does.
 */
function findFirstBreak(statements: readonly ReconciledStatement[]): {
  day: string | null;
  amount: number | null;
} {
  let previous: ReconciledStatement | undefined;
  let coveredUntil: string | null = null;
  for (const s of statements) {
    // The same statement uploaded twice: its rows are flagged duplicates, its balances say nothing new.
    const isRepeat =
      previous !== undefined &&
      s.fromDate === previous.fromDate &&
      s.toDate === previous.toDate &&
      s.closingBalance === previous.closingBalance;
    if (isRepeat) continue;
    const isCovered = coveredUntil !== null && s.toDate !== null && s.toDate <= coveredUntil;
    if (!isCovered && previous?.closingBalance != null && s.openingBalance !== null) {
      const jump = cents(s.openingBalance) - cents(previous.closingBalance);
      if (jump !== 0) return { day: s.fromDate ?? s.toDate, amount: Math.abs(jump) / 100 };
    }
    if (s.difference !== null && cents(s.difference) !== 0)
      return { day: s.toDate ?? s.fromDate, amount: Math.abs(cents(s.difference)) / 100 };
    if (!isCovered) previous = s;
    if (s.toDate !== null && (coveredUntil === null || s.toDate > coveredUntil)) coveredUntil = s.toDate;
  }
  return { day: null, amount: null };
}

interface Gap {
  from: string;
  to: string;
  businessDays: number;
  before: ReconciledStatement;
  after: ReconciledStatement;
}

/**
 * Days no statement covers between two consecutive statements. Only a gap holding a business day
 * counts: banks state nothing for weekends and federal holidays, so Friday's statement followed by
 * Monday's is complete.
 */
function findGaps(statements: readonly ReconciledStatement[]): Gap[] {
  const gaps: Gap[] = [];
  let last: ReconciledStatement | undefined;
  for (const s of statements) {
    if (s.fromDate === null || s.toDate === null) continue;
    if (last?.toDate && s.fromDate > nextDay(last.toDate)) {
      const from = nextDay(last.toDate);
      const to = previousDay(s.fromDate);
      const businessDays = listBusinessDays(parseIsoDate(from)!, parseIsoDate(to)!).length;
      if (businessDays > 0) gaps.push({ from, to, businessDays, before: last, after: s });
    }
    if (!last?.toDate || s.toDate > last.toDate) last = s;
  }
  return gaps;
}

const periodText = (from: string, to: string) =>
  from === to ? formatDay(from) : `${formatDay(from)}–${formatDay(to)}`;
const periodOf = (s: ReconciledStatement) => periodText(s.fromDate!, s.toDate!);

/**
 * Batch accounts of open reports, not yet Validated or Ignored, whose statements do not reconcile
 * (issue 43 point 1, "balance break", by issue 39's reconciliation) or leave days uncovered. An
 * account validated with an override was decided by a person and is left alone.
 */
export const balanceBreakDetector: Detector = {
  kinds: ['balance_break'],
  async detect(db, scope) {
    const { rows } =
      await db.execute(sql`select ba.client_id as "clientId", ba.batch_account_id as "batchAccountId",
        a.account_name || ' ...' || right(a.account_number, 4) as label, bk.bank_name as "bankName"
      from batch_accounts ba
      join batches b on b.batch_id = ba.batch_id
      join open_reports r on r.open_report_id = b.open_report_id and r.closed_at is null
      join accounts a on a.account_id = ba.account_id
      join bank_client_relationships rel on rel.bank_client_rel_id = b.bank_client_rel_id
      join banks bk on bk.bank_id = rel.bank_id
      where ba.client_id = any(${scopeClients(scope)})
        and ba.status not in ('Validated', 'Ignored') and ba.override_at is null
        and exists (select 1 from staging_statements st where st.batch_account_id = ba.batch_account_id)`);
    const accounts = rows as unknown as BatchAccountRow[];
    const checks = await checkBatchAccounts(
      db,
      accounts.map((a) => a.batchAccountId),
    );
    const findings: Finding[] = [];
    for (const a of accounts) {
      const { reconciliation } = checks.get(a.batchAccountId)!;
      const link = { place: 'uploadDashboard' as const, clientId: a.clientId };
      const subjectKey = `batch-account:${a.batchAccountId}`;
      if (reconciliation.status === 'Not Reconciled') {
        const broken = findFirstBreak(reconciliation.statements);
        findings.push({
          clientId: a.clientId,
          kind: 'balance_break',
          subjectKey,
          severity: 'High',
          summary: `${a.label} at ${a.bankName}: ${reconciliation.explanation}`,
          link,
          since: broken.day ?? scope.today,
          amount: broken.amount,
        });
      }
      for (const gap of findGaps(reconciliation.statements))
        findings.push({
          clientId: a.clientId,
          kind: 'balance_break',
          subjectKey: `${subjectKey}:gap:${gap.from}`,
          severity: 'Medium',
          summary:
            `${a.label} at ${a.bankName}: no statement covers ${periodText(gap.from, gap.to)} ` +
            `(${gap.businessDays} business ${gap.businessDays === 1 ? 'day' : 'days'}), between the statement of ` +
            `${periodOf(gap.before)} in ${gap.before.fileName} and the one of ${periodOf(gap.after)} in ${gap.after.fileName}.`,
          link,
          since: gap.from,
          amount: null,
        });
    }
    return findings;
  },
};

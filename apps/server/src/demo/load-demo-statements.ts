import { sql } from 'drizzle-orm';
import { TransactionTemplateSchema } from '@tideline/contracts/templates/transaction-template';
import {
  addMonths,
  daysInMonth,
  formatIsoDate,
  fromDayNumber,
  parseIsoDate,
  toDayNumber,
} from '@tideline/analytics/core/iso-date';
import type { DbOrTx } from '../db/open-database';
import { findStatementFormat, type StatementFormat } from './demo-statement-formats';
import { decimalToCents, type DemoStatement, type StatementEntry } from './demo-statement';
import type { DemoPlan } from './plan-transactions';
import { regenerateDemoPlan } from './regenerate-demo-plan';
import type { HeaderTemplate } from './write-template-csv';

/** A relationship of an open report: its bank's format and one statement per account and month. */
export interface RelationshipStatements {
  bankName: string;
  format: StatementFormat;
  /** csv: the relationship's first Header Transaction template, the layout the files get. */
  template?: HeaderTemplate;
  statements: DemoStatement[];
}

export interface OpenReportStatements {
  clientName: string;
  ingestionStatus: string;
  startDate: string;
  endDate: string;
  relationships: RelationshipStatements[];
  /** Transactions of the period the books already hold for these accounts (ingested, or never withheld). */
  bookedInPeriod: number;
}

interface AccountRow {
  accountId: number;
  accountNumber: string;
  accountName: string;
  accountType: string | null;
  accountCategory: string | null;
  balance: string | null;
  balanceDate: string | null;
  closedDate: string | null;
  /** Sums of the account's transactions before the period and up to its balance date (its balance is
   * that day's end-of-day balance). */
  beforePeriod: string;
  throughBalanceDate: string;
}

const rowsOf = async <T>(db: DbOrTx, query: ReturnType<typeof sql>) => (await db.execute(query)).rows as T[];

/** The calendar months the period touches, each cut to the period: [from, to] as day numbers. */
function listStatementMonths(startDate: string, endDate: string): [number, number][] {
  const start = parseIsoDate(startDate)!;
  const end = parseIsoDate(endDate)!;
  const months: [number, number][] = [];
  const { year, month } = fromDayNumber(start);
  for (let first = toDayNumber(year, month, 1); first <= end; first = addMonths(first, 1)) {
    const parts = fromDayNumber(first);
    const last = first + daysInMonth(parts.year, parts.month) - 1;
    months.push([Math.max(first, start), Math.min(last, end)]);
  }
  return months;
}

async function findHeaderTemplate(db: DbOrTx, relId: number): Promise<HeaderTemplate | undefined> {
  const [row] = await rowsOf<{ headerRow: string | null; jsonTransform: unknown }>(
    db,
    sql`select header_row as "headerRow", json_transform as "jsonTransform" from import_templates
      where bank_client_rel_id = ${relId} and type = 'Transaction' and template_type = 'Header'
      order by template_id limit 1`,
  );
  const transform = TransactionTemplateSchema.safeParse(row?.jsonTransform);
  return row?.headerRow && transform.success
    ? { headerRow: row.headerRow, transform: transform.data }
    : undefined;
}

/** The plan's transactions by account number, in the order the bank posted them. */
function indexPlannedEntries(plan: DemoPlan): Map<string, StatementEntry[]> {
  const numberOf = new Map(plan.accounts.map((p) => [p.account.key, p.accountNumber]));
  const entries = new Map<string, StatementEntry[]>();
  for (const t of plan.transactions) {
    const number = numberOf.get(t.accountKey)!;
    const list = entries.get(number) ?? [];
    list.push({ date: t.date, description: t.description, cents: t.amountCents });
    entries.set(number, list);
  }
  return entries;
}

/**
 * Each account's statements for the months of the period: the plan's transactions of the month (what
 * the bank posted, booked or not; an account the plan does not know gets its booked ones) and balances
 * from the books: the first opening is the booked balance at the period's start (its start balance,
 * stated at the end of its balance date, and the booked transactions before the period), and each
 * month opens at the previous one's close, so opening + entries = closing and ingesting the period
 * takes the books' balance to each closing. An account closed before a month or opened after it has
 * no statement for that month.
 */
async function loadRelationshipStatements(
  db: DbOrTx,
  report: { clientName: string; startDate: string; endDate: string },
  rel: { relId: number; bankName: string },
  planned: ReadonlyMap<string, readonly StatementEntry[]>,
): Promise<{ statements: DemoStatement[]; bookedInPeriod: number }> {
  const accounts = await rowsOf<AccountRow>(
    db,
    sql`select a.account_id as "accountId", a.account_number as "accountNumber", a.account_name as "accountName",
        a.account_type as "accountType", a.account_category as "accountCategory",
        a.account_balance::text as balance, a.account_balance_date::text as "balanceDate",
        a.account_date_closed::text as "closedDate",
        (select coalesce(sum(t.amount), 0) from transactions t
          where t.account_id = a.account_id and t.transaction_date < ${report.startDate})::text as "beforePeriod",
        (select coalesce(sum(t.amount), 0) from transactions t
          where t.account_id = a.account_id and t.transaction_date <= a.account_balance_date)::text as "throughBalanceDate"
      from accounts a
      join bank_client_relationships rel on rel.client_id = a.client_id and rel.bank_id = a.bank_id
      where rel.bank_client_rel_id = ${rel.relId} and not a.is_staging
      order by a.account_name, a.account_id`,
  );
  if (accounts.length === 0) return { statements: [], bookedInPeriod: 0 };
  const transactions = await rowsOf<{ accountId: number; date: string; description: string; amount: string }>(
    db,
    sql`select account_id as "accountId", transaction_date::text as date, description, amount::text as amount
      from transactions
      where account_id = any(${sql.param(accounts.map((a) => a.accountId))}::int[])
        and transaction_date between ${report.startDate} and ${report.endDate}
      order by account_id, transaction_date, transaction_id`,
  );
  const booked = new Map<number, StatementEntry[]>();
  for (const t of transactions) {
    const list = booked.get(t.accountId) ?? [];
    list.push({ date: t.date, description: t.description, cents: decimalToCents(t.amount) });
    booked.set(t.accountId, list);
  }

  const statements: DemoStatement[] = [];
  for (const a of accounts) {
    const entries = planned.get(a.accountNumber) ?? booked.get(a.accountId) ?? [];
    let balance =
      decimalToCents(a.balance ?? '0') +
      decimalToCents(a.beforePeriod) -
      decimalToCents(a.throughBalanceDate);
    for (const [first, last] of listStatementMonths(report.startDate, report.endDate)) {
      const [from, to] = [formatIsoDate(first), formatIsoDate(last)];
      const month = entries.filter((e) => e.date >= from && e.date <= to);
      const closingCents = balance + month.reduce((sum, e) => sum + e.cents, 0);
      const isOpen = (a.closedDate === null || a.closedDate >= from) && (a.balanceDate ?? from) <= to;
      if (isOpen) {
        statements.push({
          clientName: report.clientName,
          bankName: rel.bankName,
          account: {
            accountNumber: a.accountNumber,
            accountName: a.accountName,
            accountType: a.accountType ?? '',
            accountCategory: a.accountCategory ?? '',
          },
          month: from.slice(0, 7),
          from,
          to,
          openingCents: balance,
          closingCents,
          entries: month,
        });
      }
      balance = closingCents;
    }
  }
  return { statements, bookedInPeriod: transactions.length };
}

/**
 * The clients' open reports (not closed), by client name, with their relationships' statements. The
 * transactions come from seed-demo's plan, made again (regenerate-demo-plan.ts): seed-demo leaves the
 * open periods out of the books for ingestion to fill.
 */
export async function loadDemoStatements(db: DbOrTx): Promise<OpenReportStatements[]> {
  const reports = await rowsOf<{
    clientId: number;
    clientName: string;
    startDate: string;
    endDate: string;
    ingestionStatus: string;
  }>(
    db,
    sql`select o.client_id as "clientId", c.client_name as "clientName", o.start_date::text as "startDate",
        o.end_date::text as "endDate", o.ingestion_status as "ingestionStatus"
      from open_reports o join clients c on c.client_id = o.client_id
      where o.closed_at is null order by c.client_name, o.open_report_id`,
  );
  if (reports.length === 0) return [];
  const planned = indexPlannedEntries(await regenerateDemoPlan(db));
  const result: OpenReportStatements[] = [];
  for (const report of reports) {
    const rels = await rowsOf<{ relId: number; bankName: string }>(
      db,
      sql`select rel.bank_client_rel_id as "relId", b.bank_name as "bankName"
        from bank_client_relationships rel join banks b on b.bank_id = rel.bank_id
        where rel.client_id = ${report.clientId} order by b.bank_name, rel.bank_client_rel_id`,
    );
    const relationships: RelationshipStatements[] = [];
    let bookedInPeriod = 0;
    for (const rel of rels) {
      const format = findStatementFormat(rel.bankName);
      const template = format === 'csv' ? await findHeaderTemplate(db, rel.relId) : undefined;
      const loaded = await loadRelationshipStatements(db, report, rel, planned);
      bookedInPeriod += loaded.bookedInPeriod;
      const { statements } = loaded;
      relationships.push({ bankName: rel.bankName, format, ...(template ? { template } : {}), statements });
    }
    const { clientName, ingestionStatus, startDate, endDate } = report;
    result.push({ clientName, ingestionStatus, startDate, endDate, relationships, bookedInPeriod });
  }
  return result;
}

import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { ImportTemplateSchema, type ImportTemplate } from '@tideline/contracts/templates/import-template';
import { extractFile } from '@tideline/ingest/extract-file';
import { readGrid } from '@tideline/ingest/read-grid';
import type { TransactionRow } from '@tideline/ingest/template/template-context';
import type { DbOrTx } from '../src/db/open-database';
import { decimalToCents, slugify } from '../src/demo/demo-statement';
import type { DemoPlan } from '../src/demo/plan-transactions';

// What demo-statements.test holds the written files against: the seeded accounts of the open reports
// as the extraction job sees them, the plan's transactions of their periods, and each file as the
// engine reads it, with the balances it states.

/** A seeded account of an open report's client, with what the extraction job would pass for it. */
export interface SeededAccount {
  clientId: number;
  accountId: number;
  clientName: string;
  bankName: string;
  accountName: string;
  accountNumber: string;
  startDate: string;
  endDate: string;
  /** The booked balance at the period's start (anchor and booked transactions), '123.45'. */
  opening: string;
  bookedInPeriod: number;
  /** The client's account numbers: rows for any other fail the file. */
  clientNumbers: string[];
  templates: ImportTemplate[];
}

export interface SeededDemo {
  /** By the file name's stem: client/bank/account-name-NUMBER. */
  accounts: Map<string, SeededAccount>;
  /** 'accountNumber|YYYY-MM' -> 'date|cents|description' of the plan's transactions of the period. */
  planned: Map<string, string[]>;
  /** What the open reports' batches expect. */
  sourcesRequired: number;
}

/** What the engine read from one statement file, and the balances the file states (cents). */
export interface ReadStatementFile {
  account: SeededAccount;
  /** 'accountNumber|YYYY-MM' */
  key: string;
  kind: string;
  rows: TransactionRow[];
  opening?: number;
  closing?: number;
}

export const isExtraFile = (file: string) => /-(printed|new-export-layout)\.\w+$/.test(file);

export const listFiles = async (dir: string): Promise<string[]> =>
  (await readdir(dir, { recursive: true, withFileTypes: true }))
    .filter((d) => d.isFile())
    .map((d) => path.relative(dir, path.join(d.parentPath, d.name)))
    .sort();

const rowsOf = async <T>(db: DbOrTx, query: ReturnType<typeof sql>) => (await db.execute(query)).rows as T[];

/** Reads what seed-demo stored, straight from its tables, and the plan's rows of the open periods. */
export async function loadSeededDemo(db: DbOrTx, plan: DemoPlan): Promise<SeededDemo> {
  const rows = await rowsOf<Omit<SeededAccount, 'templates' | 'clientNumbers'> & { relId: number }>(
    db,
    sql`
    select c.client_id as "clientId", a.account_id as "accountId", c.client_name as "clientName",
      b.bank_name as "bankName", a.account_name as "accountName", a.account_number as "accountNumber",
      rel.bank_client_rel_id as "relId", o.start_date::text as "startDate", o.end_date::text as "endDate",
      (a.account_balance
        + (select coalesce(sum(amount), 0) from transactions t
            where t.account_id = a.account_id and t.transaction_date < o.start_date)
        - (select coalesce(sum(amount), 0) from transactions t
            where t.account_id = a.account_id and t.transaction_date <= a.account_balance_date))::text as opening,
      (select count(*) from transactions t where t.account_id = a.account_id
        and t.transaction_date between o.start_date and o.end_date)::int as "bookedInPeriod"
    from open_reports o join clients c using (client_id) join accounts a using (client_id)
    join banks b on b.bank_id = a.bank_id
    join bank_client_relationships rel on rel.client_id = a.client_id and rel.bank_id = a.bank_id
    where o.closed_at is null and not a.is_staging`,
  );
  const templates = await rowsOf<{ relId: number; template: unknown }>(
    db,
    sql`
    select bank_client_rel_id as "relId", json_build_object('templateId', template_id, 'type', type,
      'templateType', template_type, 'headerRow', header_row, 'jsonTransform', json_build_array(json_transform)) as template
    from import_templates where type = 'Transaction' order by template_id`,
  );
  const accounts = new Map<string, SeededAccount>();
  const planned = new Map<string, string[]>();
  for (const row of rows) {
    const clientNumbers = rows.filter((r) => r.clientName === row.clientName).map((r) => r.accountNumber);
    const relTemplates = templates
      .filter((t) => t.relId === row.relId)
      .map((t) => ImportTemplateSchema.parse(t.template));
    const stem = `${slugify(row.clientName)}/${slugify(row.bankName)}/${slugify(row.accountName)}-${row.accountNumber}`;
    accounts.set(stem, { ...row, clientNumbers, templates: relTemplates });
    const key = plan.accounts.find((p) => p.accountNumber === row.accountNumber)!.account.key;
    for (const t of plan.transactions)
      if (t.accountKey === key && t.date >= row.startDate && t.date <= row.endDate) {
        const month = `${row.accountNumber}|${t.date.slice(0, 7)}`;
        planned.set(month, [...(planned.get(month) ?? []), `${t.date}|${t.amountCents}|${t.description}`]);
      }
  }
  const [sources] = await rowsOf<{ n: number }>(
    db,
    sql`
    select coalesce(sum(sources_required), 0)::int as n from batches b
    join open_reports o on o.open_report_id = b.open_report_id where o.closed_at is null`,
  );
  return { accounts, planned, sourcesRequired: sources!.n };
}

/** The account and month a file is for, from its name: client/bank/account-name-NUMBER-YYYY-MM[-extra].ext */
export function describeFile(
  accounts: ReadonlyMap<string, SeededAccount>,
  file: string,
): { account: SeededAccount; key: string } {
  const m = /^(.*)-(\d{4}-\d{2})(?:-[a-z-]+)?\.\w+$/.exec(file);
  const account = m && accounts.get(m[1]!);
  if (!account) throw new Error(`${file} names no seeded account and month`);
  return { account, key: `${account.accountNumber}|${m[2]}` };
}

/** A csv's balances from its running-balance column: the last row's, and the first's before its amount. */
async function readCsvBalances(content: Buffer, template: ImportTemplate, rows: readonly TransactionRow[]) {
  if (template.type !== 'Transaction' || rows.length === 0) return {};
  const column = Number(template.jsonTransform[0]!.balance);
  const grid = await readGrid(content, 'csv');
  if (!grid.ok) throw new Error(grid.error.message);
  const balanceOf = (rowNumber: number) =>
    decimalToCents(grid.value.sheets[0]!.rows.find((r) => r.rowNumber === rowNumber)!.cells[column]!);
  return {
    opening: balanceOf(rows[0]!.rowNumber) - decimalToCents(rows[0]!.amount),
    closing: balanceOf(rows.at(-1)!.rowNumber),
  };
}

/** Runs every statement file through the engine as the extraction job will, and keeps what it read. */
export async function readStatementFiles(
  dir: string,
  files: readonly string[],
  accounts: ReadonlyMap<string, SeededAccount>,
): Promise<Map<string, ReadStatementFile>> {
  const read = new Map<string, ReadStatementFile>();
  for (const file of files.filter((f) => !isExtraFile(f))) {
    const { account, key } = describeFile(accounts, file);
    const content = await readFile(path.join(dir, file));
    const isCsv = file.endsWith('.csv');
    const result = await extractFile(content, {
      fileName: path.basename(file),
      // Native formats are read without a template; csv through the relationship's templates.
      templates: isCsv ? account.templates : [],
      context: { knownAccountNumbers: account.clientNumbers },
    });
    if (!result.ok) throw new Error(`${file}: ${result.error.message}`);
    const value = result.value;
    const rows = value.kind === 'transactions' || value.kind === 'statements' ? value.rows : [];
    // BAI2 has a statement per day: the month opens with the first and closes with the last.
    const [opening, closing] =
      value.kind === 'statements'
        ? [value.statements[0]?.openingBalance, value.statements.at(-1)?.closingBalance]
        : [];
    const balances = isCsv
      ? await readCsvBalances(content, account.templates[0]!, rows)
      : {
          ...(opening === undefined ? {} : { opening: decimalToCents(opening) }),
          ...(closing === undefined ? {} : { closing: decimalToCents(closing) }),
        };
    read.set(file, { account, key, kind: value.kind, rows, ...balances });
  }
  return read;
}

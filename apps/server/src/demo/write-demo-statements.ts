import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { FILE_EXTENSIONS, type StatementFormat } from './demo-statement-formats';
import { nameMonth, slugify, type DemoStatement } from './demo-statement';
import type { OpenReportStatements, RelationshipStatements } from './load-demo-statements';
import { writeBai2Statement } from './write-bai2-statement';
import { writeCamt053Statement } from './write-camt053-statement';
import { writeOfxStatement } from './write-ofx-statement';
import { writeStatementPdf } from './write-statement-pdf';
import { findUnsupportedTemplate, writeTemplateCsv, type HeaderTemplate } from './write-template-csv';
import { writeUnmatchedCsv } from './write-unmatched-csv';

export type WrittenKind = StatementFormat | 'pdf' | 'no-template';

/** A file written, with what it is for; `path` is relative to the folder written into. */
export interface WrittenFile {
  path: string;
  kind: WrittenKind;
  clientName: string;
  bankName: string;
  accountNumber: string;
  month: string;
  transactions: number;
}

export interface DemoStatementsResult {
  files: WrittenFile[];
  /** Relationships left without files, and why. */
  skipped: string[];
}

/** 'cedar-valley-county/first-meridian-bank-n-a/general-fund-operating-4410123-2026-01': who, which bank, which month. */
function baseNameOf(statement: DemoStatement): string {
  const number = statement.account.accountNumber.replace(/[^A-Za-z0-9-]/g, '');
  return path.join(
    slugify(statement.clientName),
    slugify(statement.bankName),
    `${slugify(statement.account.accountName)}-${number}-${statement.month}`,
  );
}

function writeNative(format: Exclude<StatementFormat, 'csv'>, statement: DemoStatement): string {
  if (format === 'bai2') return writeBai2Statement(statement);
  if (format === 'camt.053') return writeCamt053Statement(statement);
  return writeOfxStatement(statement);
}

/**
 * Where the PDF and the file no template matches come from: the busiest account of the period's
 * last month among the template-read (csv) relationships, else among all.
 */
function pickExtraStatement(reports: readonly OpenReportStatements[]): DemoStatement | undefined {
  const relationships = reports.flatMap((r) => r.relationships);
  const csv = relationships.filter((r) => r.format === 'csv' && r.template);
  const pool = (csv.length > 0 ? csv : relationships).flatMap((r) => r.statements);
  const lastMonth = pool.reduce((last, s) => (s.month > last ? s.month : last), '');
  return pool
    .filter((s) => s.month === lastMonth)
    .reduce<DemoStatement | undefined>(
      (best, s) => (!best || s.entries.length > best.entries.length ? s : best),
      undefined,
    );
}

/**
 * Writes the statement files of the open reports into `dir`: per relationship the format its bank
 * sends (csv in the layout of the relationship's Header template), per account and month; then one
 * PDF of a statement as the bank prints it and one csv in a layout no template has.
 */
export async function writeDemoStatements(
  reports: readonly OpenReportStatements[],
  dir: string,
): Promise<DemoStatementsResult> {
  const files: WrittenFile[] = [];
  const skipped: string[] = [];
  const write = async (
    statement: DemoStatement,
    file: string,
    kind: WrittenKind,
    content: string | Buffer,
  ) => {
    await mkdir(path.join(dir, path.dirname(file)), { recursive: true });
    await writeFile(path.join(dir, file), content);
    const { clientName, bankName, account, month, entries } = statement;
    files.push({
      path: file,
      kind,
      clientName,
      bankName,
      accountNumber: account.accountNumber,
      month,
      transactions: entries.length,
    });
  };
  const describeSkip = (
    report: OpenReportStatements,
    rel: RelationshipStatements,
    template?: HeaderTemplate,
  ) =>
    `${report.clientName} / ${rel.bankName}: ${
      template
        ? `its template cannot be written: ${findUnsupportedTemplate(template)}`
        : 'no Header Transaction template to lay its csv out'
    }`;

  for (const report of reports) {
    for (const rel of report.relationships) {
      const { format, template } = rel;
      if (format === 'csv' && (!template || findUnsupportedTemplate(template))) {
        skipped.push(describeSkip(report, rel, template));
        continue;
      }
      for (const statement of rel.statements) {
        const file = `${baseNameOf(statement)}.${FILE_EXTENSIONS[format]}`;
        const content =
          format === 'csv' ? writeTemplateCsv(statement, template!) : writeNative(format, statement);
        await write(statement, file, format, content);
      }
    }
  }
  const extra = pickExtraStatement(reports);
  if (extra) {
    await write(extra, `${baseNameOf(extra)}-printed.pdf`, 'pdf', writeStatementPdf(extra));
    await write(extra, `${baseNameOf(extra)}-new-export-layout.csv`, 'no-template', writeUnmatchedCsv(extra));
  }
  return { files, skipped };
}

/** What a written file is for, in a line of the command's listing. */
export function describeWrittenFile(file: WrittenFile): string {
  const count = `${file.transactions} transaction${file.transactions === 1 ? '' : 's'}`;
  const what = `${file.accountNumber}, ${nameMonth(file.month)}, ${count}`;
  switch (file.kind) {
    case 'csv':
      return `${what}: csv in the relationship's template layout`;
    case 'pdf':
      return `${what}: that statement as the bank prints it, a PDF with a text layer that a template with its header row reads (the same transactions as the account's other file of the month: upload one of them)`;
    case 'no-template':
      return `${what}: a csv in a layout no template has (its uploads fail with 'No template matched'; Create Header Row Template starts from it)`;
    default:
      return `${what}: ${file.kind === 'camt.053' ? 'camt.053' : file.kind.toUpperCase()}, read without a template`;
  }
}

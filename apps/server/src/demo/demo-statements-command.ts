import { stat } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openCommandDatabase } from '../db/open-command-database';
import { loadConfig } from '../platform/config';
import { AppError } from '../platform/http/app-error';
import { loadDemoStatements, type OpenReportStatements } from './load-demo-statements';
import { describeWrittenFile, writeDemoStatements, type DemoStatementsResult } from './write-demo-statements';

export const NO_CLIENTS_MSG =
  'The database has no clients: run `npm run cli -- seed-demo` first (on an empty database).';
export const NO_OPEN_REPORT_MSG =
  'No client has an open report, so there is no period to write statements for. Start a report for a client (or seed-demo an empty database: it opens two).';

/** `npm run cli -- demo-statements DIR`: answers the exit code (0 written, 1 refused or failed). */
export async function demoStatementsCommand(dir: string): Promise<number> {
  // npm runs the CLI in apps/server: a relative DIR is the caller's, which npm keeps in INIT_CWD.
  const target = path.resolve(process.env.INIT_CWD ?? process.cwd(), dir);
  const existing = await stat(target).catch(() => undefined);
  if (existing && !existing.isDirectory()) {
    console.error(`${dir} is a file: give a folder for the statements (it is created when missing).`);
    return 1;
  }
  const config = loadConfig({ ...process.env, LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn' });
  const database = await openCommandDatabase(config);
  if (!database) return 1;
  try {
    const { rows } = await database.db.execute(sql`select exists (select 1 from clients) as "hasClients"`);
    if (!(rows[0] as { hasClients: boolean }).hasClients) {
      console.error(NO_CLIENTS_MSG);
      return 1;
    }
    const reports = await loadDemoStatements(database.db);
    if (reports.length === 0) {
      console.error(NO_OPEN_REPORT_MSG);
      return 1;
    }
    printListing(reports, await writeDemoStatements(reports, target), target);
    return 0;
  } catch (err) {
    if (err instanceof AppError) console.error(err.message);
    else console.error('demo-statements failed; the folder may hold some of the files.\n', err);
    return 1;
  } finally {
    await database.close();
  }
}

function printListing(reports: readonly OpenReportStatements[], result: DemoStatementsResult, dir: string) {
  console.log(`Wrote ${result.files.length} statement files into ${dir}:`);
  const statements = result.files.filter((f) => f.kind !== 'pdf' && f.kind !== 'no-template');
  for (const report of reports) {
    console.log(
      `\n${report.clientName}: open report ${report.startDate} to ${report.endDate}, ingestion ${report.ingestionStatus}`,
    );
    if (report.bookedInPeriod > 0)
      console.log(
        `  The books already hold ${report.bookedInPeriod.toLocaleString('en-US')} transactions of the period: ingesting these files stages them as possible duplicates.`,
      );
    for (const rel of report.relationships) {
      const files = statements.filter(
        (f) => f.clientName === report.clientName && f.bankName === rel.bankName,
      );
      if (files.length === 0) continue;
      console.log(`  ${rel.bankName} (${rel.format}, one file per account and month)`);
      for (const file of files) console.log(`    ${file.path}\n      ${describeWrittenFile(file)}`);
    }
  }
  const extras = result.files.filter((f) => f.kind === 'pdf' || f.kind === 'no-template');
  if (extras.length > 0) console.log('\nTo try the other paths:');
  for (const file of extras) console.log(`  ${file.path}\n    ${describeWrittenFile(file)}`);
  for (const line of result.skipped) console.log(`\nNot written: ${line}`);
  console.log(
    "\nUpload each file in Data Ingestion into the batch of its bank relationship and the account's type: " +
      "BAI2, camt.053 and OFX are read without a template, csv files through the relationship's Transaction template.",
  );
}

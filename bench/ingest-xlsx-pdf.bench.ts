// A 50,000-row XLSX and a 200-page PDF statement through read + template (issue 7 "Measure").
// Run: node --import tsx bench/ingest-xlsx-pdf.bench.ts [xlsx|pdf]
// The input files are generated first by a child process (into the OS temp dir), so the measuring
// process starts clean and its baseline is only the loaded code.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ImportTemplate } from '@tideline/contracts/templates/import-template';
import { matchTemplate } from '@tideline/ingest/template/match-template';
import { applyTransactionTemplate } from '@tideline/ingest/template/apply-transaction-template';
import { baselineRssMb, createRandom, measurePeak } from './ingest-measure.js';

const only = process.argv.find((a) => a === 'xlsx' || a === 'pdf');
const dir = path.join(tmpdir(), 'tideline-ingest-bench');
const xlsxFile = path.join(dir, 'transactions-50000.xlsx');
const pdfFile = path.join(dir, 'statement-200-pages-with-page-furniture.pdf');

const template = (headerRow: string, headerStart: string, columns: Record<string, string>) =>
  ({
    templateId: 1,
    type: 'Transaction',
    templateType: 'Header',
    headerRow,
    jsonTransform: [{ cellHeaderData: 'x', headerStart, fileNameIncluded: true, ...columns }],
  }) as ImportTemplate;

async function generateXlsx() {
  const { default: ExcelJS } = await import('exceljs');
  const rows = 50_000;
  const random = createRandom(7);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Transactions');
  sheet.addRow(['Date', 'Description', 'Debit', 'Credit', 'Balance']);
  for (let i = 0; i < rows; i++) {
    const amount = Math.round(random() * 500_000) / 100;
    const isDebit = random() < 0.6;
    sheet.addRow([
      new Date(Date.UTC(2024, Math.floor(random() * 12), 1 + Math.floor(random() * 28))),
      `WIRE TRANSFER VENDOR ${i % 997} REF ${100000 + i}`,
      isDebit ? amount : null,
      isDebit ? null : amount,
      1_000_000 + i,
    ]);
  }
  writeFileSync(xlsxFile, Buffer.from(await workbook.xlsx.writeBuffer()));
}

async function benchXlsx() {
  const { readXlsx } = await import('@tideline/ingest/xlsx/read-xlsx');
  const { gridToXlsx } = await import('@tideline/ingest/xlsx/grid-to-xlsx');
  const bytes = readFileSync(xlsxFile);
  const before = baselineRssMb();
  const measured = await measurePeak(async () => {
    const grid = await readXlsx(bytes);
    if (!grid.ok) throw new Error(grid.error.message);
    const t = template('Date,Description,Debit,Credit,Balance', '0', {
      date: '0',
      description: '1',
      amountDebit: '2',
      amountCredit: '3',
    });
    const match = matchTemplate(grid.value, [t]);
    if (!match.ok || match.value.template.type !== 'Transaction') throw new Error('no match');
    const applied = applyTransactionTemplate(grid.value, match.value.template.jsonTransform[0], {
      fileName: 'acct-00123456.xlsx',
    });
    if (!applied.ok) throw new Error(applied.error.message);
    return { rows: applied.value.length, grid: grid.value };
  });
  const written = await measurePeak(() => gridToXlsx(measured.result.grid));
  console.log(
    JSON.stringify({
      bench: 'xlsx 50,000 rows: readXlsx + matchTemplate + applyTransactionTemplate',
      fileMb: Number((bytes.length / 1024 / 1024).toFixed(1)),
      rows: measured.result.rows,
      seconds: Number((measured.ms / 1000).toFixed(2)),
      rowsPerSecond: Math.round(measured.result.rows / (measured.ms / 1000)),
      cpuSeconds: Number((measured.cpuMs / 1000).toFixed(2)),
      baselineRssMb: Math.round(before),
      peakRssMb: Math.round(measured.peakRssMb),
      gridToXlsxSeconds: Number((written.ms / 1000).toFixed(2)),
      gridToXlsxPeakRssMb: Math.round(written.peakRssMb),
    }),
  );
}

async function benchPdf() {
  const { readPdf } = await import('@tideline/ingest/pdf/read-pdf');
  const pdf = readFileSync(pdfFile);
  const before = baselineRssMb();
  const measured = await measurePeak(async () => {
    const grid = await readPdf(pdf);
    if (!grid.ok) throw new Error(grid.error.message);
    const t = template('Date,Description,Debit,Credit', '2', {
      date: '0',
      description: '1',
      amountDebit: '2',
      amountCredit: '3',
    });
    const match = matchTemplate(grid.value, [t]);
    if (!match.ok || match.value.template.type !== 'Transaction') throw new Error('no match');
    // Titles, running headers, footers, Balance forward and Total lines are left to the template's
    // PDF table rules, which skip and report them; wrapped descriptions are joined.
    let skipped = 0;
    const applied = applyTransactionTemplate(
      grid.value,
      match.value.template.jsonTransform[0],
      { fileName: 'acct-00123456.pdf' },
      { onSkippedLines: (lines) => void (skipped += lines.length) },
    );
    if (!applied.ok) throw new Error(applied.error.message);
    return { rows: applied.value.length, skipped };
  });
  console.log(
    JSON.stringify({
      bench: 'pdf 200 pages: readPdf (pdf.js in a worker + placement) + template with table rules',
      fileMb: Number((pdf.length / 1024 / 1024).toFixed(2)),
      rows: measured.result.rows,
      skippedLines: measured.result.skipped,
      seconds: Number((measured.ms / 1000).toFixed(2)),
      pagesPerSecond: Number((200 / (measured.ms / 1000)).toFixed(1)),
      // All threads of the process: the pdf.js worker included.
      cpuSeconds: Number((measured.cpuMs / 1000).toFixed(2)),
      baselineRssMb: Math.round(before),
      peakRssMb: Math.round(measured.peakRssMb),
    }),
  );
}

if (process.argv.includes('--generate')) {
  mkdirSync(dir, { recursive: true });
  await generateXlsx();
  const { makeStatementPdf } = await import('../packages/ingest/test/make-statement-pdf.js');
  writeFileSync(
    pdfFile,
    await makeStatementPdf({ pages: 200, rowsPerPage: 40, hasPageFurniture: true, wrapEvery: 10 }),
  );
} else {
  if (!existsSync(xlsxFile) || !existsSync(pdfFile)) {
    execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--generate'], {
      stdio: 'inherit',
    });
  }
  // Each measurement in its own process, so one reader's memory does not count against the other.
  if (!only) {
    for (const which of ['xlsx', 'pdf']) {
      execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), which], {
        stdio: 'inherit',
      });
    }
  } else if (only === 'xlsx') await benchXlsx();
  else await benchPdf();
}

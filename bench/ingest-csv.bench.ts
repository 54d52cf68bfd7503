// 1,000,000-row transaction CSV through detect + read + template into canonical rows (issue 7).
// Run: node --import tsx bench/ingest-csv.bench.ts [rows] [--collect]
import { createReadStream, createWriteStream, existsSync, mkdirSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ImportTemplate } from '@tideline/contracts/templates/import-template';
import { extractFile } from '@tideline/ingest/extract-file';
import { baselineRssMb, createRandom, measurePeak } from './ingest-measure.js';

const rows = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 1_000_000);
const isCollecting = process.argv.includes('--collect');
const dir = path.join(tmpdir(), 'tideline-ingest-bench');
const file = path.join(dir, `transactions-${rows}.csv`);

const WORDS = [
  'ACH',
  'DEPOSIT',
  'WIRE',
  'TRANSFER',
  'PAYROLL',
  'VENDOR',
  'CHECK',
  'CARD',
  'FEE',
  'REFUND',
  'ONLINE',
  'BILL',
];

async function writeCsv(): Promise<void> {
  mkdirSync(dir, { recursive: true });
  const random = createRandom(42);
  const out = createWriteStream(file);
  out.write('Date,Description,Debit,Credit,Balance\r\n');
  let balance = 1_000_000;
  let chunk = '';
  for (let i = 0; i < rows; i++) {
    const month = 1 + Math.floor(random() * 12);
    const day = 1 + Math.floor(random() * 28);
    let description = '';
    while (description.length < 36) description += `${WORDS[Math.floor(random() * WORDS.length)]} `;
    description = `${description}#${String(i % 10000).padStart(4, '0')}`.slice(0, 40);
    const amount = (random() * 5000).toFixed(2);
    const isDebit = random() < 0.6;
    balance += isDebit ? -Number(amount) : Number(amount);
    // Some descriptions are quoted with a comma inside, as real exports do.
    const field = i % 10 === 0 ? `"${description.slice(0, 30)}, INC"` : description;
    chunk += `${String(month).padStart(2, '0')}/${String(day).padStart(2, '0')}/2024,${field},${isDebit ? amount : ''},${isDebit ? '' : amount},${balance.toFixed(2)}\r\n`;
    if (chunk.length > 1 << 16) {
      if (!out.write(chunk)) await once(out, 'drain');
      chunk = '';
    }
  }
  out.end(chunk);
  await once(out, 'finish');
}

const template = {
  templateId: 1,
  type: 'Transaction',
  templateType: 'Header',
  headerRow: 'Date,Description,Debit,Credit,Balance',
  jsonTransform: [
    {
      cellHeaderData: 'Date',
      date: '0',
      description: '1',
      amountDebit: '2',
      amountCredit: '3',
      headerStart: '0',
      fileNameIncluded: true,
    },
  ],
} as ImportTemplate;

if (!existsSync(file)) {
  const started = performance.now();
  await writeCsv();
  console.log(`generated ${file} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
const sizeMb = statSync(file).size / 1024 / 1024;
const before = baselineRssMb();
let streamed = 0;
const measured = await measurePeak(() =>
  extractFile(createReadStream(file, { highWaterMark: 1 << 20 }), {
    fileName: 'operating-00123456-2024.csv',
    templates: [template],
    ...(isCollecting ? {} : { onRows: (batch) => void (streamed += batch.length) }),
  }),
);
if (!measured.result.ok) throw new Error(measured.result.error.message);
const count = isCollecting && 'rows' in measured.result.value ? measured.result.value.rows.length : streamed;
console.log(
  JSON.stringify(
    {
      rows: count,
      fileMb: Number(sizeMb.toFixed(1)),
      mode: isCollecting ? 'collect all rows in memory' : 'stream rows to onRows (COPY-style)',
      seconds: Number((measured.ms / 1000).toFixed(2)),
      rowsPerSecond: Math.round(count / (measured.ms / 1000)),
      // CPU time of this process (all its threads, GC included): less sensitive to other load.
      cpuSeconds: Number((measured.cpuMs / 1000).toFixed(2)),
      baselineRssMb: Math.round(before),
      peakRssMb: Math.round(measured.peakRssMb),
      peakHeapMb: Math.round(measured.peakHeapMb),
    },
    null,
    2,
  ),
);

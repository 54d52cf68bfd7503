// 1,000,000-row transaction CSV through detect + read + template into canonical rows (issue 7).
// Run: node --import tsx bench/ingest-csv.bench.ts [rows] [--collect]
// Against PapaParse (issue 15): node --import tsx bench/ingest-csv.bench.ts --vs-papaparse [--runs N]
// runs our streamed extraction and PapaParse's streaming parse of the same file in turn, each in its
// own child process, and prints every figure and the median of the pairwise speed ratios.
import { execFileSync } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync, mkdirSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ImportTemplate } from '@tideline/contracts/templates/import-template';
import { baselineRssMb, createRandom, measurePeak } from './ingest-measure.js';

const args = process.argv.slice(2);
const rows = Number(args.find((a, i) => /^\d+$/.test(a) && args[i - 1] !== '--runs') ?? 1_000_000);
const isCollecting = args.includes('--collect');
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

/** Our path: content detection, streamed decode and CSV parse, Header template, canonical rows. */
async function measureOurs() {
  const { extractFile } = await import('@tideline/ingest/extract-file');
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
  const count =
    isCollecting && 'rows' in measured.result.value ? measured.result.value.rows.length : streamed;
  return {
    reader: 'tideline',
    rows: count,
    fileMb: Number((statSync(file).size / 1024 / 1024).toFixed(1)),
    mode: isCollecting ? 'collect all rows in memory' : 'stream rows to onRows (COPY-style)',
    seconds: Number((measured.ms / 1000).toFixed(3)),
    rowsPerSecond: Math.round(count / (measured.ms / 1000)),
    // CPU time of this process (all its threads, GC included): less sensitive to other load.
    cpuSeconds: Number((measured.cpuMs / 1000).toFixed(2)),
    baselineRssMb: Math.round(before),
    peakRssMb: Math.round(measured.peakRssMb),
    peakHeapMb: Math.round(measured.peakHeapMb),
  };
}

/**
 * PapaParse's streaming parse of the same file, as its README shows it for Node: the file piped
 * into Papa.parse(Papa.NODE_STREAM_INPUT), each row an array of cells (its faster streaming mode;
 * the chunk-callback mode measured 20-40 % slower here). No template: rows are only counted.
 */
async function measurePapaParse() {
  const { default: Papa } = await import('papaparse');
  const before = baselineRssMb();
  let count = 0;
  const measured = await measurePeak(
    () =>
      new Promise<void>((resolve, reject) => {
        const parser = Papa.parse(Papa.NODE_STREAM_INPUT, {});
        parser.on('data', () => void count++);
        parser.on('end', () => resolve());
        parser.on('error', reject);
        createReadStream(file, { highWaterMark: 1 << 20 }).pipe(parser);
      }),
  );
  return {
    reader: 'papaparse',
    rows: count,
    seconds: Number((measured.ms / 1000).toFixed(3)),
    rowsPerSecond: Math.round(count / (measured.ms / 1000)),
    cpuSeconds: Number((measured.cpuMs / 1000).toFixed(2)),
    baselineRssMb: Math.round(before),
    peakRssMb: Math.round(measured.peakRssMb),
  };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;

if (!existsSync(file)) {
  const started = performance.now();
  await writeCsv();
  console.log(`generated ${file} in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
if (args.includes('--child')) {
  const figures = args.includes('papaparse') ? await measurePapaParse() : await measureOurs();
  console.log(JSON.stringify(figures));
} else if (args.includes('--vs-papaparse')) {
  const runs = args.includes('--runs') ? Number(args[args.indexOf('--runs') + 1]) : 5;
  const child = (reader: string) =>
    JSON.parse(
      execFileSync(
        process.execPath,
        ['--import', 'tsx', fileURLToPath(import.meta.url), String(rows), '--child', reader],
        {
          encoding: 'utf8',
        },
      ).trim(),
    ) as { seconds: number; peakRssMb: number };
  const ratios: number[] = [];
  for (let run = 0; run < runs; run++) {
    const load = loadavg()[0]?.toFixed(2);
    const ours = child('tideline');
    const papa = child('papaparse');
    ratios.push(papa.seconds / ours.seconds);
    console.log(JSON.stringify({ run: run + 1, loadAverageBefore: load, ours, papa }));
  }
  console.log(
    JSON.stringify({
      speedVsPapaParse: {
        median: Number(median(ratios).toFixed(2)),
        min: Number(Math.min(...ratios).toFixed(2)),
        max: Number(Math.max(...ratios).toFixed(2)),
      },
    }),
  );
} else {
  console.log(JSON.stringify(await measureOurs(), null, 2));
}

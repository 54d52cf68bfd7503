// camt.053 against BAI2 holding the same transactions (issue 15 "Speed and size"). The 300 MB camt.053
// stress read is in ingest-statements-stress.bench.ts, through the worker pool and asserted.
// Run: node --import tsx bench/ingest-camt.bench.ts [entries] [--runs N] [--only camt|bai2]
// The inputs are generated once (fixed seed) into the OS temp dir; each measurement runs in its own
// child process, which reads the file as a stream through readStatements, so its baseline is only
// Node, tsx and the loaded readers.
import { execFileSync } from 'node:child_process';
import { createReadStream, createWriteStream, existsSync, mkdirSync, statSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createBai2Writer } from '../apps/server/src/demo/bai2-writer.js';
import {
  CAMT_STATEMENT_END,
  formatCamtBalance,
  formatCamtEntry,
  formatCamtStatementStart,
} from '../apps/server/src/demo/camt053-writer.js';
import { baselineRssMb, createRandom, measurePeak } from './ingest-measure.js';

const dir = path.join(tmpdir(), 'tideline-ingest-bench');
const OPENING_CENTS = 100_000_000;
const WORDS = ['ACH', 'DEPOSIT', 'WIRE', 'TRANSFER', 'PAYROLL', 'VENDOR', 'CHECK', 'CARD', 'FEE', 'REFUND'];

interface Entry {
  cents: number;
  isDebit: boolean;
  reference: string;
  endToEnd: string;
  text: string;
}

function createEntries(random: () => number) {
  let i = 0;
  return (): Entry => {
    let text = '';
    while (text.length < 30) text += `${WORDS[Math.floor(random() * WORDS.length)]} `;
    i++;
    return {
      cents: 1 + Math.floor(random() * 500_000),
      isDebit: random() < 0.6,
      reference: `REF${String(i).padStart(9, '0')}`,
      endToEnd: `E2E${String(i).padStart(9, '0')}`,
      text: `${text}#${String(i % 10000).padStart(4, '0')}`,
    };
  };
}

/** The bench's entries as the shared camt writer takes them: all booked on one day. */
const toCamtEntry = (e: Entry) => ({
  cents: e.isDebit ? -e.cents : e.cents,
  date: '2024-01-31',
  reference: e.reference,
  endToEndId: e.endToEnd,
  text: e.text,
});

async function writeChunks(file: string, produce: (write: (text: string) => Promise<void>) => Promise<void>) {
  mkdirSync(dir, { recursive: true });
  const out = createWriteStream(file);
  let chunk = '';
  await produce(async (text) => {
    chunk += text;
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await once(out, 'drain');
      chunk = '';
    }
  });
  out.end(chunk);
  await once(out, 'finish');
}

/** The closing balance of the first `entries` entries. */
function planEntries(entries: number): { count: number; closingCents: number } {
  const next = createEntries(createRandom(42));
  let closingCents = OPENING_CENTS;
  for (let count = 0; count < entries; count++) {
    const e = next();
    closingCents += e.isDebit ? -e.cents : e.cents;
  }
  return { count: entries, closingCents };
}

/** camt.053 of `entries` entries. */
async function writeCamt(file: string, entries: number): Promise<void> {
  const { count, closingCents } = planEntries(entries);
  const next = createEntries(createRandom(42));
  await writeChunks(file, async (write) => {
    const header = formatCamtStatementStart({
      messageId: 'BENCH-1',
      createdAt: '2024-02-01T06:00:00',
      statementId: 'STMT-BENCH-1',
      accountId: '00123456',
      currency: 'USD',
    });
    await write(
      header +
        formatCamtBalance('OPBD', OPENING_CENTS, '2024-01-31') +
        formatCamtBalance('CLBD', closingCents, '2024-01-31'),
    );
    const pieces: string[] = [];
    for (let i = 0; i < count; i++) {
      pieces.push(formatCamtEntry(toCamtEntry(next())));
      if (pieces.length === 1000) await write(pieces.splice(0).join(''));
    }
    await write(pieces.join('') + CAMT_STATEMENT_END);
  });
}

/** The same transactions as BAI2: one account, type 475 (debit) or 195 (credit), with trailers. */
async function writeBai2(file: string, entries: number): Promise<void> {
  const { closingCents } = planEntries(entries);
  const next = createEntries(createRandom(42));
  const bai2 = createBai2Writer({
    sender: 'TIDEUS33',
    receiver: 'CUST01',
    createdDate: '2024-01-31',
    createdTime: '0800',
    fileId: '1',
  });
  await writeChunks(file, async (write) => {
    await write(bai2.fileHeader() + bai2.groupHeader('2024-01-31', 'USD'));
    await write(
      bai2.account('00123456', 'USD', [
        { code: '010', amount: OPENING_CENTS },
        { code: '015', amount: closingCents },
      ]),
    );
    const pieces: string[] = [];
    for (let i = 0; i < entries; i++) {
      const e = next();
      pieces.push(
        bai2.detail({
          typeCode: e.isDebit ? '475' : '195',
          amount: e.cents,
          bankReference: e.reference,
          customerReference: e.endToEnd,
          text: e.text,
        }),
      );
      if (pieces.length === 1000) await write(pieces.splice(0).join(''));
    }
    await write(pieces.join('') + bai2.accountTrailer() + bai2.groupTrailer() + bai2.fileTrailer());
  });
}

/** In the child: read one file through readStatements as a stream and print the figures. */
async function measure(format: 'camt' | 'bai2', file: string) {
  const { readStatements } = await import('@tideline/ingest/formats/read-statements');
  const before = baselineRssMb();
  const measured = await measurePeak(() =>
    readStatements(createReadStream(file, { highWaterMark: 1 << 20 }), format, {}),
  );
  if (!measured.result.ok) throw new Error(measured.result.error.message);
  const rows = measured.result.value.reduce((n, s) => n + s.transactions.length, 0);
  console.log(
    JSON.stringify({
      format,
      fileMb: Number((statSync(file).size / 1024 / 1024).toFixed(1)),
      rows,
      seconds: Number((measured.ms / 1000).toFixed(2)),
      rowsPerSecond: Math.round(rows / (measured.ms / 1000)),
      cpuSeconds: Number((measured.cpuMs / 1000).toFixed(2)),
      baselineRssMb: Math.round(before),
      peakRssMb: Math.round(measured.peakRssMb),
      peakHeapMb: Math.round(measured.peakHeapMb),
    }),
  );
}

const self = fileURLToPath(import.meta.url);
const args = process.argv.slice(2);
if (args[0] === '--measure') {
  await measure(args[1] as 'camt' | 'bai2', args[2] as string);
} else {
  // The entry count is the number that is not --runs' argument.
  const entries = Number(args.find((a, i) => /^\d+$/.test(a) && args[i - 1] !== '--runs') ?? 200_000);
  const runs = args.includes('--runs') ? Number(args[args.indexOf('--runs') + 1]) : 3;
  const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : undefined;
  const camtFile = path.join(dir, `camt053-${entries}.xml`);
  const bai2File = path.join(dir, `bai2-${entries}.bai2`);
  if (!existsSync(camtFile)) await writeCamt(camtFile, entries);
  if (!existsSync(bai2File)) await writeBai2(bai2File, entries);
  const child = (format: string, file: string) =>
    execFileSync(process.execPath, ['--import', 'tsx', self, '--measure', format, file], {
      encoding: 'utf8',
    }).trim();
  for (let run = 0; run < runs; run++) {
    if (only === undefined || only === 'camt') console.log(child('camt', camtFile));
    if (only === undefined || only === 'bai2') console.log(child('bai2', bai2File));
  }
}

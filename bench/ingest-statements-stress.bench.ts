// The bank formats under stress (issue 15 points 1 and 7, "Peak RSS for any accepted file under 600
// MB"): a 300 MB camt.053, the 202 MB BAI2 with one Windows-1252 byte, a 500 MB BAI2 (the largest
// under the 512 MB maxFileBytes), and 300 MB of MT940 and OFX, each read through the ingest worker
// pool as the server's extraction job reads them: the file streamed from disk into a worker with the
// server's default budget, rows (and the .xlsx copy's grid rows) handed back in batches.
// Every case asserts: read with all its rows, or refused by a named limit, with peak RSS under
// 600 MB; a failing case makes the bench exit non-zero.
// Run: node --import tsx bench/ingest-statements-stress.bench.ts [case ...]
// The inputs are generated once (fixed seed) into the OS temp dir by the package's test generator
// (packages/ingest/test/make-large-statements.ts); each case is measured in its own child process.
import { createReadStream, createWriteStream, existsSync, mkdirSync, statSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import {
  LARGE_STATEMENT_ACCOUNT,
  makeLargeStatement,
  type LargeStatementFormat,
  type LargeStatementOptions,
} from '../packages/ingest/test/make-large-statements.js';
import { baselineRssMb, measurePeak, runStressCases, type StressExpectation } from './ingest-measure.js';

const dir = path.join(tmpdir(), 'tideline-ingest-bench');
/** The server's defaults: PARSE_MAX_HEAP_MB and PARSE_TIMEOUT_SECONDS. */
const BUDGET = { maxHeapMb: 512, timeoutMs: 300_000 };
const MB = 1024 * 1024;

interface Case extends StressExpectation {
  file: string;
  format: LargeStatementFormat;
  describe: string;
  make: LargeStatementOptions;
}

/** Transactions of `textLength` characters that make about `bytes` of the format. */
async function rowsFor(format: LargeStatementFormat, bytes: number, textLength: number): Promise<number> {
  let size = 0;
  for await (const chunk of makeLargeStatement(format, { transactions: 10_000, textLength }))
    size += chunk.length;
  return Math.ceil((bytes / size) * 10_000);
}

const plan = async (
  format: LargeStatementFormat,
  bytes: number,
  textLength: number,
  extra: Partial<LargeStatementOptions> = {},
): Promise<LargeStatementOptions> => ({
  transactions: await rowsFor(format, bytes, textLength),
  textLength,
  ...extra,
});

const BAI2_202MB_ROWS = 1_100_000;

async function createCases(): Promise<Record<string, Case>> {
  const camt = await plan('camt', 300 * MB, 40);
  const mt940 = await plan('mt940', 300 * MB, 40);
  const ofx = await plan('ofx', 300 * MB, 40);
  return {
    'camt-300mb': {
      file: 'stress-camt053-300mb.xml',
      format: 'camt',
      describe: `camt.053 of 300 MB (${camt.transactions} entries): extractFile in a worker`,
      make: camt,
      rows: camt.transactions,
    },
    'bai2-202mb-1252': {
      file: 'stress-bai2-202mb-1252.bai2',
      format: 'bai2',
      describe: 'BAI2 of 1,100,000 transactions, one Windows-1252 byte in the middle (issue 15’s crash)',
      make: { transactions: BAI2_202MB_ROWS, textLength: 161, eightBitAt: BAI2_202MB_ROWS / 2 },
      rows: BAI2_202MB_ROWS,
    },
    'bai2-500mb': {
      file: 'stress-bai2-504mb.bai2',
      format: 'bai2',
      describe: 'BAI2 of 504 MB (4,900,000 transactions): near maxFileBytes (512 MB) and maxRows (5,000,000)',
      make: { transactions: 4_900_000, textLength: 76 },
      rows: 4_900_000,
    },
    'mt940-300mb': {
      file: 'stress-mt940-300mb.sta',
      format: 'mt940',
      describe: `MT940 of 300 MB (${mt940.transactions} statement lines with :86:)`,
      make: mt940,
      rows: mt940.transactions,
    },
    'ofx-300mb': {
      file: 'stress-ofx-300mb.ofx',
      format: 'ofx',
      describe: `OFX 1.02 SGML of 300 MB (${ofx.transactions} STMTTRN)`,
      make: ofx,
      rows: ofx.transactions,
    },
  };
}

/** In the child: one case through the worker pool, the file streamed from disk. */
async function measure(stressCase: Case, name: string) {
  const file = path.join(dir, stressCase.file);
  const { createIngestWorkers } = await import('@tideline/ingest/worker/run-in-worker');
  const workers = createIngestWorkers({ concurrency: 1, onCrash: (detail) => console.error(detail) });
  const before = baselineRssMb();
  let rows = 0;
  let gridRows = 0;
  const measured = await measurePeak(() =>
    workers.extractFile(
      createReadStream(file, { highWaterMark: MB }),
      {
        fileName: stressCase.file,
        fileSize: statSync(file).size,
        templates: [],
        context: { knownAccountNumbers: [LARGE_STATEMENT_ACCOUNT] },
        onRows: (batch) => void (rows += batch.length),
        // As the server's .xlsx copy takes them; dropped here.
        onGridRows: (batch) => void (gridRows += batch.length),
      },
      BUDGET,
    ),
  );
  const result = measured.result;
  console.log(
    JSON.stringify({
      case: name,
      what: stressCase.describe,
      fileMb: Number((statSync(file).size / MB).toFixed(1)),
      outcome: result.ok ? 'read' : 'refused',
      ...(result.ok ? {} : { kind: result.error.kind, message: result.error.message }),
      ...(!result.ok && result.error.kind === 'limit-exceeded' ? { limit: result.error.limit } : {}),
      rows,
      gridRows,
      seconds: Number((measured.ms / 1000).toFixed(1)),
      rowsPerSecond: rows > 0 ? Math.round(rows / (measured.ms / 1000)) : undefined,
      cpuSeconds: Number((measured.cpuMs / 1000).toFixed(1)),
      baselineRssMb: Math.round(before),
      peakRssMb: Math.round(measured.peakRssMb),
      loadAverage: loadavg().map((l) => Number(l.toFixed(2))),
    }),
  );
}

const self = fileURLToPath(import.meta.url);
const args = process.argv.slice(2);
const cases = await createCases();
if (args[0] === '--measure') {
  const name = args[1] ?? '';
  const stressCase = cases[name];
  if (!stressCase) throw new Error(`no case ${name}`);
  await measure(stressCase, name);
} else {
  mkdirSync(dir, { recursive: true });
  console.log(
    `load average before: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`,
  );
  await runStressCases(self, cases, args.length > 0 ? args : Object.keys(cases), async (name) => {
    const stressCase = cases[name] as Case;
    const file = path.join(dir, stressCase.file);
    if (existsSync(file)) return;
    const started = performance.now();
    await pipeline(
      Readable.from(makeLargeStatement(stressCase.format, stressCase.make)),
      createWriteStream(file),
    );
    console.log(`generated ${file} in ${Math.round((performance.now() - started) / 1000)} s`);
  });
}

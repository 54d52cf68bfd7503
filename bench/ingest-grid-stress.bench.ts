// The grid readers under stress (issue 15 points 2, 4 and 7): a workbook whose sheet unpacks to 500 MB,
// 5,000,000-row XLSX, XLS, JSON and PDF files, and PDF flate bombs, each read through the ingest
// worker pool as the server's extraction job reads them (the file streamed from disk into a worker
// with the server's default budget, rows handed back in batches).
// Every case asserts what it must give (its rows, or a refusal by the named limit it is over; never
// a RangeError) and a peak RSS under 600 MB; a failing case makes the bench exit non-zero.
// Run: node --import tsx bench/ingest-grid-stress.bench.ts [case ...]
// The inputs are generated once (fixed seeds) into the OS temp dir; each case is measured in its own
// child process, so its peak RSS (sampled every 20 ms, worker threads included) is its own.
import { createReadStream, createWriteStream, existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { once } from 'node:events';
import { tmpdir, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDeflate } from 'node:zlib';
import type { ImportTemplate } from '@tideline/contracts/templates/import-template';
import { baselineRssMb, measurePeak, runStressCases, type StressExpectation } from './ingest-measure.js';

const dir = path.join(tmpdir(), 'tideline-ingest-bench');
const ROWS = 5_000_000;
/** The server's defaults: PARSE_MAX_HEAP_MB and PARSE_TIMEOUT_SECONDS. */
const BUDGET = { maxHeapMb: 512, timeoutMs: 300_000 };

const template = (headerRow: string, columns: Record<string, string>) =>
  ({
    templateId: 1,
    type: 'Transaction',
    templateType: 'Header',
    headerRow,
    jsonTransform: [{ cellHeaderData: 'x', headerStart: '0', fileNameIncluded: true, ...columns }],
  }) as ImportTemplate;
const WORKBOOK = template('Date,Description,Amount,Balance', { date: '0', description: '1', amount: '2' });
const XLS = template('Date,Description,Amount', { date: '0', description: '1', amount: '2' });
const JSON_TEMPLATE = template('date,memo,amount', { date: '0', description: '1', amount: '2' });
const COMPACT_JSON = template('d,m,a', { date: '0', description: '1', amount: '2' });
/** The generated PDF has no header row: its first cell (the first date) names it. */
const PDF = {
  templateId: 1,
  type: 'Transaction',
  templateType: 'Cell',
  jsonTransform: [
    {
      cellHeaderData: '01/01/2024',
      headerStart: '-1',
      fileNameIncluded: true,
      date: '0',
      description: '1',
      amount: '2',
    },
  ],
} as ImportTemplate;

interface Case extends StressExpectation {
  file: string;
  describe: string;
  generate: (file: string) => Promise<void>;
  template: ImportTemplate;
  /** Read the whole grid (the template preview's task) instead of extracting. */
  isGridOnly?: boolean;
}

/** Records as `{"date", "memo", "amount"}`, or with one-letter keys and short memos (`isCompact`). */
async function writeJson(file: string, records: number, isCompact = false) {
  const out = createWriteStream(file);
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await write('{"account":"00123456","transactions":[\n');
  const parts: string[] = [];
  for (let i = 0; i < records; i++) {
    const date = `2024-01-${String((i % 28) + 1).padStart(2, '0')}`;
    const amount = ((i % 100_000) - 50_000) / 100;
    parts.push(
      isCompact
        ? `${i ? ',' : ''}{"d":"${date}","m":"W${i}","a":${amount}}\n`
        : `${i ? ',' : ''}{"date":"${date}","memo":"WIRE TRANSFER REF ${i}","amount":${amount}}\n`,
    );
    if (parts.length === 10_000) await write(parts.splice(0).join(''));
  }
  await write(`${parts.join('')}]}\n`);
  out.end();
  await once(out, 'finish');
}

/** A PDF content stream of `unpacked` bytes of text operators, deflated as it is produced. */
async function writeFlateBomb(file: string, unpacked: number, isLabelledImage: boolean) {
  const deflate = createDeflate({ level: 9 });
  const chunks: Buffer[] = [];
  deflate.on('data', (c: Buffer) => chunks.push(c));
  const line = 'BT /F1 1 Tf 1 0 0 1 10 10 Tm (x) Tj ET\n'.repeat(25_000);
  for (let written = 0; written < unpacked; written += line.length) {
    if (!deflate.write(line)) await once(deflate, 'drain');
  }
  deflate.end();
  await once(deflate, 'end');
  const stream = Buffer.concat(chunks);
  const label = isLabelledImage ? ' /Type /XObject /Subtype /Image /Width 1 /Height 1' : '';
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [4 0 R] /Count 1 >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents 5 0 R >>',
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n')];
  const offsets: number[] = [];
  let size = parts[0]?.length ?? 0;
  const add = (part: Buffer) => {
    parts.push(part);
    size += part.length;
  };
  objects.forEach((body, i) => {
    offsets.push(size);
    add(Buffer.from(`${i + 1} 0 obj\n${body}\nendobj\n`));
  });
  offsets.push(size);
  add(Buffer.from(`5 0 obj\n<<${label} /Filter /FlateDecode /Length ${stream.length} >>\nstream\n`));
  add(stream);
  add(Buffer.from('\nendstream\nendobj\n'));
  let xref = `xref\n0 6\n0000000000 65535 f \n`;
  for (const offset of offsets) xref += `${String(offset).padStart(10, '0')} 00000 n \n`;
  add(Buffer.from(`${xref}trailer\n<< /Size 6 /Root 1 0 R >>\nstartxref\n${size}\n%%EOF\n`));
  writeFileSync(file, Buffer.concat(parts));
}

const CASES: Record<string, Case> = {
  'xlsx-500mb-sheet': {
    file: 'sheet-500mb.xlsx',
    rows: 2_437_963,
    describe: 'XLSX whose one sheet unpacks to 500 MB (statement rows): extractFile in a worker',
    template: WORKBOOK,
    generate: async (file) => {
      const { writeLargeXlsx } = await import('../packages/ingest/test/make-large-xlsx.js');
      await writeLargeXlsx(createWriteStream(file), { rows: Infinity, maxSheetBytes: 500 * 1024 * 1024 });
    },
  },
  'xlsx-500mb-sheet-grid': {
    file: 'sheet-500mb.xlsx',
    mustRefuse: true,
    refusedBy: ['memory'],
    describe:
      'the same XLSX read whole by the readGrid task with a 256 MB heap (the preview’s budget, default limits)',
    template: WORKBOOK,
    isGridOnly: true,
    generate: () => Promise.resolve(),
  },
  'xlsx-5m-rows': {
    file: 'rows-5m.xlsx',
    rows: ROWS - 1,
    describe:
      'XLSX of 5,000,000 rows in one sheet (header + 4,999,999 transactions, 3 columns): extractFile in a worker',
    template: XLS,
    generate: async (file) => {
      const { writeLargeXlsx } = await import('../packages/ingest/test/make-large-xlsx.js');
      await writeLargeXlsx(createWriteStream(file), { rows: ROWS - 1, level: 1, hasBalance: false });
    },
  },
  'xls-5m-rows': {
    file: 'rows-5m.xls',
    rows: 4_999_923,
    describe: 'XLS of 5,000,000 rows over 77 sheets: extractFile in a worker',
    template: XLS,
    generate: async (file) => {
      const { writeLargeXls, XLS_ROWS_PER_SHEET } = await import('../packages/ingest/test/make-large-xls.js');
      const sheets = Math.ceil(ROWS / (XLS_ROWS_PER_SHEET + 1));
      await writeLargeXls(file, ROWS - sheets);
    },
  },
  'json-5m-rows': {
    file: 'rows-5m.json',
    // 353 MB: over maxHeldFileBytes (256 MB), which keeps a held file and its rows under 600 MB.
    mustRefuse: true,
    refusedBy: ['fileSize'],
    describe: 'JSON of 4,999,999 records (5,000,000 grid rows), 353 MB: extractFile in a worker',
    template: JSON_TEMPLATE,
    generate: (file) => writeJson(file, ROWS - 1),
  },
  'json-5m-rows-compact': {
    file: 'rows-5m-compact.json',
    rows: ROWS - 1,
    describe: 'JSON of the same 4,999,999 records with one-letter keys, under maxHeldFileBytes',
    template: COMPACT_JSON,
    generate: (file) => writeJson(file, ROWS - 1, true),
  },
  'pdf-5m-rows': {
    file: 'rows-5m.pdf',
    mustRefuse: true,
    refusedBy: ['pdfUnpackedSize', 'pdfTime'],
    describe: 'PDF of 5,000,000 rows (1,000 pages of 5,000 lines): extractFile in a worker',
    template: PDF,
    generate: async (file) => {
      const { makeManyRowsPdf } = await import('../packages/ingest/test/make-raw-pdf.js');
      writeFileSync(file, makeManyRowsPdf(ROWS, 5000));
    },
  },
  'pdf-flate-bomb': {
    file: 'flate-bomb-1200mb.pdf',
    mustRefuse: true,
    refusedBy: ['pdfUnpackedSize'],
    describe: 'PDF whose content stream unpacks to 1.2 GB of text operators',
    template: PDF,
    generate: (file) => writeFlateBomb(file, 1200 * 1024 * 1024, false),
  },
  'pdf-flate-bomb-as-image': {
    file: 'flate-bomb-1200mb-image.pdf',
    mustRefuse: true,
    refusedBy: ['pdfUnpackedSize'],
    describe: 'the same bomb, its stream labelled an image (the scan skips it; pdf.js still unpacks it)',
    template: PDF,
    generate: (file) => writeFlateBomb(file, 1200 * 1024 * 1024, true),
  },
};

/** In the child: one case through the worker pool, the file streamed from disk. */
async function measure(name: string) {
  const stressCase = CASES[name];
  if (!stressCase) throw new Error(`no case ${name}`);
  const file = path.join(dir, stressCase.file);
  const { createIngestWorkers } = await import('@tideline/ingest/worker/run-in-worker');
  const workers = createIngestWorkers({ concurrency: 1, onCrash: (detail) => console.error(detail) });
  const before = baselineRssMb();
  let rows = 0;
  const measured = await measurePeak(async () => {
    if (stressCase.isGridOnly) {
      const { readFileSync } = await import('node:fs');
      const budget = { ...BUDGET, maxHeapMb: 256 };
      const grid = await workers.run(
        'readGrid',
        { bytes: readFileSync(file), format: 'xlsx', limits: {} },
        budget,
      );
      if (grid.ok) rows = grid.value.sheets.reduce((n, s) => n + s.rows.length, 0);
      return grid;
    }
    return workers.extractFile(
      createReadStream(file, { highWaterMark: 1 << 20 }),
      {
        fileName: `acct-00123456-${stressCase.file}`,
        // As the job knows its upload's size: the worker then holds the bytes once.
        fileSize: statSync(file).size,
        templates: [stressCase.template],
        onRows: (batch) => void (rows += batch.length),
      },
      BUDGET,
    );
  });
  const result = measured.result;
  console.log(
    JSON.stringify({
      case: name,
      what: stressCase.describe,
      fileMb: Number((statSync(file).size / 1024 / 1024).toFixed(1)),
      outcome: result.ok ? 'read' : 'refused',
      ...(result.ok ? {} : { kind: result.error.kind, message: result.error.message }),
      ...(!result.ok && result.error.kind === 'limit-exceeded' ? { limit: result.error.limit } : {}),
      rows,
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
if (args[0] === '--measure') {
  await measure(args[1] ?? '');
} else {
  mkdirSync(dir, { recursive: true });
  console.log(
    `load average before: ${loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')}`,
  );
  await runStressCases(self, CASES, args.length > 0 ? args : Object.keys(CASES), async (name) => {
    const stressCase = CASES[name] as Case;
    const file = path.join(dir, stressCase.file);
    if (existsSync(file)) return;
    const started = performance.now();
    await stressCase.generate(file);
    console.log(`generated ${file} in ${Math.round((performance.now() - started) / 1000)} s`);
  });
}

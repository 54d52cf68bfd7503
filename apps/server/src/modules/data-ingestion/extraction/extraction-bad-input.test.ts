import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DemoStatement } from '../../../demo/demo-statement';
import { writePdfDocument } from '../../../demo/pdf-document';
import { writeBai2Statement } from '../../../demo/write-bai2-statement';
import { writeCamt053Statement } from '../../../demo/write-camt053-statement';
import {
  createExtractingContext,
  createExtractionWorld,
  CSV_HEADER,
  csvOf,
  extractOne,
  extractTogether,
  selectBatchStagedTransactions,
  selectStagedTransactions,
  startExtraction,
  type ExtractionWorld,
} from '../../../../test/extraction-fixtures';
import { postLocalForm } from '../../../../test/file-fixtures';
import {
  call,
  createClients,
  createSignedInUser,
  type SignedInUser,
  type TestContext,
} from '../../../../test/test-context';
import { buildXlsxOfSize } from '../../../../test/xlsx-bomb';

// Issue 16 "Bad input": each file ends Failed with a message naming it and the reason, stages
// nothing, and leaves the other files of its upload and its batch as they were.

let ctx: TestContext;
let analyst: SignedInUser;
let world: ExtractionWorld;

beforeAll(async () => {
  ctx = await createExtractingContext();
  analyst = await createSignedInUser(ctx, 'Analyst');
  const [clientId] = await createClients(ctx, 1, 'Bad input');
  world = await createExtractionWorld(ctx, await createSignedInUser(ctx, 'Admin'), clientId!);
});
afterAll(() => ctx.close());

function statementOf(accountNumber: string): DemoStatement {
  return {
    clientName: 'Bad input',
    bankName: 'Bad Input Bank',
    account: {
      accountNumber,
      accountName: 'Operating',
      accountType: 'Transaction',
      accountCategory: 'Operating',
    },
    month: '2026-07',
    from: '2026-07-01',
    to: '2026-07-31',
    openingCents: 100_000,
    closingCents: 90_000,
    entries: [
      { date: '2026-07-06', description: 'ACH CREDIT LOCKBOX', cents: 5_000 },
      { date: '2026-07-20', description: 'CHECK PAID 1001', cents: -15_000 },
    ],
  };
}

/** A text PDF whose trailer asks for a password the reader does not have (Standard handler, RC4). */
function makePasswordPdf(): Buffer {
  const plain = writePdfDocument([[{ x: 72, y: 700, text: 'Statement', size: 10 }]], 'Locked');
  const hex = (n: number) => `<${randomBytes(n).toString('hex')}>`;
  const encrypt = `/Encrypt << /Filter /Standard /V 1 /R 2 /O ${hex(32)} /U ${hex(32)} /P -44 >>`;
  const text = plain
    .toString('latin1')
    .replace('/Info 5 0 R >>', `/Info 5 0 R ${encrypt} /ID [${hex(16)} ${hex(16)}] >>`);
  return Buffer.from(text, 'latin1');
}

/**
 * The zip bomb of the lying kind: the sheet's headers declare `declared` bytes while it inflates to
 * far more. The declared total passes the size check; the reader must stop at the declared size.
 */
function understateSheetSize(zip: Buffer, declared: number): Buffer {
  const out = Buffer.from(zip);
  const name = Buffer.from('xl/worksheets/sheet1.xml');
  for (let at = out.indexOf(name); at !== -1; at = out.indexOf(name, at + 1)) {
    if (at >= 30 && out.readUInt32LE(at - 30) === 0x04034b50) out.writeUInt32LE(declared, at - 30 + 22);
    if (at >= 46 && out.readUInt32LE(at - 46) === 0x02014b50) out.writeUInt32LE(declared, at - 46 + 24);
  }
  return out;
}

/** A file cut off after `keep` of its bytes, as an interrupted transfer leaves it. */
const cut = (text: string, keep: number) => Buffer.from(text.slice(0, Math.floor(text.length * keep)));

describe('files that cannot be read', () => {
  // Its own time limit: the 524 MB workbook alone is read for about 15 s on a quiet machine.
  it('each end Failed with a message naming the file and why, staging nothing and disturbing nothing', async () => {
    const a = world.accounts[0]!.accountNumber;
    const kept = await extractOne(
      ctx,
      analyst,
      world,
      'kept.csv',
      csvOf([[a, '07/01/2026', 'Kept', '1.00']]),
    );
    const before = await selectBatchStagedTransactions(ctx, world.batchId);
    const bomb = await buildXlsxOfSize(524);
    const bad: [name: string, body: Buffer, reason: string][] = [
      [
        'invoice.xml',
        Buffer.from('<?xml version="1.0"?><Invoice><Total>12.00</Total></Invoice>'),
        'is XML that is neither camt nor OFX; it is not a format we can read.',
      ],
      ['locked.pdf', makePasswordPdf(), 'The PDF is password-protected'],
      ['scanned.pdf', writePdfDocument([[]], 'Scanned statement'), 'This PDF has no text layer'],
      ['lying.xlsx', understateSheetSize(bomb, 4096), 'a compression bomb: xl/worksheets/sheet1.xml unpacks'],
      // The honest 524 MB workbook is within the extraction's 1 GB: read as a stream, it matches no
      // template (its preview is refused by size: test/security/parse-bombs.test.ts).
      ['honest.xlsx', bomb, 'No template matched this file.'],
      ['cut.bai2', cut(writeBai2Statement(statementOf(a)), 0.6), 'the file ends before its file trailer'],
      ['cut.xml', cut(writeCamt053Statement(statementOf(a)), 0.6), 'The camt file ends early'],
    ];
    const rows = await extractTogether(ctx, analyst, world, [
      ...bad.map(([name, body]) => [name, body] as const),
      ['fine.csv', csvOf([[a, '07/02/2026', 'Fine', '2.00']])],
    ]);
    for (const [i, [name, , reason]] of bad.entries()) {
      const row = rows[i]!;
      expect(row, name).toMatchObject({ status: 'Failed', rowCount: 0, excelFileId: null });
      expect(row.extractionMessage?.startsWith(`${name}: `), row.extractionMessage!).toBe(true);
      expect(row.extractionMessage).toContain(reason);
      expect(await selectStagedTransactions(ctx, row.batchFileId)).toEqual([]);
    }
    expect(rows.at(-1)!.status).toBe('Extracted');
    expect(kept.status).toBe('Extracted');
    const after = await selectBatchStagedTransactions(ctx, world.batchId);
    expect(after.filter((s) => s.batchFileId !== rows.at(-1)!.batchFileId)).toEqual(before);
  }, 180_000);

  it('refuses binary content at the upload, naming the file: it never becomes a batch file', async () => {
    const signed = await call(ctx, 'POST', '/api/data-ingestion/upload-url', analyst, {
      batchId: world.batchId,
      clientId: world.clientId,
      bankId: world.bankId,
      fileName: 'mystery.txt',
      sizeBytes: 4096,
    });
    const { fileId, url, fields } = signed.json() as {
      fileId: number;
      url: string;
      fields: Record<string, string>;
    };
    expect((await postLocalForm(ctx, url, fields, randomBytes(4096), 'mystery.txt')).statusCode).toBe(204);
    const completed = await call(ctx, 'POST', `/api/files/${fileId}/complete`, analyst);
    expect(completed.statusCode).toBe(422);
    expect(completed.json().msg).toBe('The content of mystery.txt does not match its file type.');
    const started = await startExtraction(ctx, analyst, world.batchId, [fileId]);
    expect(started.statusCode).toBe(404);
  });
});

describe('a csv in Windows-1252', () => {
  it('is read with its accents and euro sign when the template matches', async () => {
    const a = world.accounts[1]!.accountNumber;
    const text = `${CSV_HEADER}\r\n${a},07/03/2026,Caf\xe9 M\xfcller \x80 fee,-3.50\r\n`;
    const row = await extractOne(ctx, analyst, world, 'cp1252.csv', Buffer.from(text, 'latin1'));
    expect(row.status).toBe('Extracted');
    const [staged] = await selectStagedTransactions(ctx, row.batchFileId);
    expect(staged!.description).toBe('Café Müller € fee');
  });
});

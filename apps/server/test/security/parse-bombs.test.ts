import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createSignedInUser,
  createTestContext,
  type SignedInUser,
  type TestContext,
} from '../test-context';
import { buildXlsxOfSize } from '../xlsx-bomb';

// Issue 14 point 1: one request crashed the server (a 1.5 MB XLSX unpacking to 524 MB) or froze every
// request for seconds (a 200 MB variant). Sample files are now read in a worker with limits.

let ctx: TestContext;
let analyst: SignedInUser;

beforeAll(async () => {
  // A small worker heap, so a sample within the unzip limit still reaches the memory limit quickly.
  ctx = await createTestContext({ PARSE_MAX_HEAP_MB: '32' });
  analyst = await createSignedInUser(ctx, 'Analyst');
});
afterAll(() => ctx.close());

const preview = (bytes: Buffer) =>
  call(ctx, 'POST', '/api/templates/preview', analyst, {
    file: { fileName: 'statement.xlsx', contentBase64: bytes.toString('base64') },
    template: null,
  });

const health = () => call(ctx, 'GET', '/api/health');

describe('template preview limits', () => {
  it('refuses the 1.5 MB workbook that unpacks to 524 MB with a 413, and keeps serving', async () => {
    const bomb = await buildXlsxOfSize(524);
    expect(bomb.length).toBeLessThan(2 * 1024 * 1024);
    const res = await preview(bomb);
    expect(res.statusCode).toBe(413);
    expect(res.json().msg).toBe(
      'The sample file cannot be previewed. The workbook unpacks to more than 100 MB.',
    );
    expect((await health()).statusCode).toBe(200);
  });

  it('refuses the 200 MB variant the same way', async () => {
    const res = await preview(await buildXlsxOfSize(200));
    expect(res.statusCode).toBe(413);
  });

  it('answers 422 when reading needs more memory than allowed, serving others while it reads', async () => {
    const heavy = await buildXlsxOfSize(60);
    const order: string[] = [];
    const reading = preview(heavy).then((res) => {
      order.push('preview');
      return res;
    });
    const meanwhile = health().then((res) => {
      order.push('health');
      return res;
    });
    const [res, other] = await Promise.all([reading, meanwhile]);
    expect(other.statusCode).toBe(200);
    expect(order).toEqual(['health', 'preview']);
    expect(res.statusCode).toBe(422);
    expect(res.json().msg).toBe(
      'The sample file cannot be previewed. Reading the file needs more than the 32 MB of memory allowed.',
    );
    expect((await health()).statusCode).toBe(200);
  });

  it('still previews an ordinary workbook after the refusals', async () => {
    const res = await preview(await buildXlsxOfSize(1));
    expect(res.statusCode).toBe(200);
    const sheet = res.json().sheets[0];
    expect(sheet.totalRows).toBe(4);
    // A 256 KB cell is cut for the dialog, which shows a cell on one line.
    expect(sheet.rows[0].cells[0]).toHaveLength(1001);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TemplatePreview } from '@tideline/contracts';
import { UNMATCHED_HEADER } from '../../demo/write-unmatched-csv';
import {
  call,
  createSignedInUser,
  createTestContext,
  type SignedInUser,
  type TestContext,
} from '../../../test/test-context';

// Issue 42 point 3: Create Header Row Template on the demo failed file (a layout no template knows)
// previews its rows with the columns its own header names, which the web form now starts from
// (guess-template-columns.ts); another layout's columns read its account number as the date.

let ctx: TestContext;
let admin: SignedInUser;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createSignedInUser(ctx, 'Admin');
});
afterAll(() => ctx.close());

const FAILED_FILE = [
  UNMATCHED_HEADER,
  '2026-07-01,44103140601,Wire in,1500.00,USD,2500.00',
  '2026-07-02,44103140601,Bank fee,-12.50,USD,2487.50',
].join('\n');

const preview = (columns: Record<string, string>) =>
  call(ctx, 'POST', '/api/templates/preview', admin, {
    file: { fileName: 'export.csv', contentBase64: Buffer.from(FAILED_FILE).toString('base64') },
    template: {
      type: 'Transaction',
      templateType: 'Header',
      headerRow: UNMATCHED_HEADER,
      jsonTransform: [
        {
          cellHeaderData: 'Booking Date',
          headerStart: '0',
          dateFormat: 'Auto',
          decimalSeparator: 'dot',
          ...columns,
        },
      ],
    },
  });

describe('the header-row template of the demo failed file', () => {
  it('reads every row with the columns of its detected header', async () => {
    const res = await preview({ date: '0', accountNumber: '1', description: '2', amount: '3', balance: '5' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as TemplatePreview;
    expect(body).toMatchObject({ matched: true, rowCount: 2, error: null });
    expect(body.rows[0]).toMatchObject({ accountNumber: '44103140601', date: '2026-07-01', amount: '1500' });
    expect(res.body).not.toContain('is not a date');
  });

  it("says '\"44103140601\" is not a date' with another layout's columns, as the form used to start", async () => {
    const res = await preview({ accountNumber: '0', date: '1', description: '2,3', amount: '4' });
    const body = res.json() as TemplatePreview;
    expect(body.error).toMatchObject({ kind: 'rows-unreadable' });
    expect(body.error!.rowErrors[0]).toMatchObject({ field: 'date', raw: '44103140601' });
  });
});

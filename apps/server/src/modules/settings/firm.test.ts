import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRM_LOGO_MAX_BYTES, FIRM_MSG, type Firm } from '@tideline/contracts/settings/firm.schemas';
import { auditLog } from '../../db/schema';
import { params, readText } from '../reports/document/report-document.fixtures';
import { renderLiquidityAnalysis } from '../reports/document/render-liquidity-analysis';
import {
  call,
  createClients,
  createRole,
  createSignedInUser,
  createTestContext,
  type SignedInUser,
  type TestContext,
} from '../../../test/test-context';
import { createSolidPng } from './firm.fixtures';
import { readFirmIdentity, sniffLogoType } from './firm.service';

// Global Settings "Firm" (issue 42 point 5): the name and logo the client reports print, kept in the
// database, read with VIEW_GLOBAL_SETTINGS and written with EDIT_GLOBAL_SETTINGS.

let ctx: TestContext;
let admin: SignedInUser;
let viewer: SignedInUser;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createSignedInUser(ctx, 'Admin');
  viewer = await createSignedInUser(ctx, (await createRole(ctx, ['VIEW_GLOBAL_SETTINGS'])).roleName);
});
afterAll(() => ctx.close());

const put = (firm: unknown, user = admin) => call(ctx, 'PUT', '/api/administration/firm', user, { firm });
const png = createSolidPng(8, 4, [20, 60, 120]);
const logoOf = (bytes: Buffer, contentType = 'image/png') => ({
  contentType,
  dataBase64: bytes.toString('base64'),
});

describe('the firm', () => {
  it('names no firm and holds no logo until one is saved', async () => {
    const res = await call(ctx, 'GET', '/api/administration/firm', viewer);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ firmName: null, logo: null, updatedAt: null });
    expect(await readFirmIdentity(ctx.database.db)).toEqual({ firmName: null, logo: null });
  });

  it('saves the name and a PNG logo in the database with EDIT_GLOBAL_SETTINGS, and audits it', async () => {
    expect((await put({ firmName: 'Harbor', logo: logoOf(png) }, viewer)).statusCode).toBe(403);
    const res = await put({ firmName: '  Cedar Point Treasury Advisors ', logo: logoOf(png) });
    expect(res.statusCode, res.body).toBe(200);
    const { msg, firm } = res.json() as { msg: string; firm: Firm };
    expect(msg).toBe(FIRM_MSG.updated);
    expect(firm).toMatchObject({
      firmName: 'Cedar Point Treasury Advisors',
      logo: { contentType: 'image/png', sizeBytes: png.length, dataBase64: png.toString('base64') },
    });
    const identity = await readFirmIdentity(ctx.database.db);
    expect(identity.firmName).toBe('Cedar Point Treasury Advisors');
    expect(identity.logo?.bytes.equals(png)).toBe(true);
    const audits = await ctx.database.db.select().from(auditLog).where(eq(auditLog.action, 'firm.updated'));
    expect(audits.at(-1)?.after).toEqual({
      firmName: 'Cedar Point Treasury Advisors',
      logo: `image/png, ${png.length} bytes`,
    });
  });

  it('heads a client report with the saved name and draws the logo on its cover', async () => {
    const [clientId] = (await createClients(ctx, 1, 'Firm report')) as [number];
    const pdf = await renderLiquidityAnalysis(ctx.database.db, {
      reportId: 9200,
      clientId,
      startDate: '2031-01-01',
      endDate: '2031-03-31',
      generatedAt: new Date('2031-04-05T09:00:00Z'),
      params: params({ clientId }),
    });
    expect(await readText(pdf)).toContain('Prepared by Cedar Point Treasury Advisors');
    expect(pdf.toString('latin1').match(/\/Subtype \/Image/g)).toHaveLength(1);
  }, 60_000);

  it('keeps the logo when none is sent, and removes it when null is sent', async () => {
    const kept = (await put({ firmName: 'Cedar Point Advisors' })).json() as { firm: Firm };
    expect(kept.firm.logo?.sizeBytes).toBe(png.length);
    expect(kept.firm.firmName).toBe('Cedar Point Advisors');
    const removed = (await put({ firmName: '', logo: null })).json() as { firm: Firm };
    expect(removed.firm).toMatchObject({ firmName: null, logo: null });
  });

  it('refuses a logo that is no PNG or JPEG, one whose bytes are not its type, and one too large', async () => {
    const gif = await put({ firmName: 'A', logo: logoOf(png, 'image/gif') });
    expect(gif.statusCode).toBe(400);
    expect(gif.body).toContain(FIRM_MSG.logoType);
    const renamed = await put({
      firmName: 'A',
      logo: logoOf(Buffer.from('%PDF-1.7 not an image'), 'image/png'),
    });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().msg).toBe(FIRM_MSG.logoUnreadable);
    const large = Buffer.concat([png, Buffer.alloc(FIRM_LOGO_MAX_BYTES)]);
    const tooLarge = await put({ firmName: 'A', logo: logoOf(large) });
    expect(tooLarge.statusCode).toBe(400);
    expect(tooLarge.body).toContain(FIRM_MSG.logoTooLarge);
    const long = await put({ firmName: 'x'.repeat(121) });
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain(FIRM_MSG.nameTooLong);
  });

  it('tells PNG and JPEG apart by their first bytes', () => {
    expect(sniffLogoType(png)).toBe('image/png');
    expect(sniffLogoType(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]))).toBe('image/jpeg');
    expect(sniffLogoType(Buffer.from('GIF89a'))).toBeNull();
  });
});

import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NegotiatedRate } from '@tideline/contracts/negotiated-rates/negotiated-rates.schemas';
import { auditLog, quoteTypes } from '../../db/schema';
import { createRelatedBank } from '../../../test/account-fixtures';
import {
  call,
  createClients,
  createRole,
  createSignedInUser,
  createTestContext,
  type SignedInUser,
  type TestContext,
} from '../../../test/test-context';

let ctx: TestContext;
let admin: SignedInUser;
let scoped: SignedInUser;
let clientA: number;
let clientB: number;
let bankA: number;
let bankB: number;
let activeQuote: number;
let inactiveQuote: number;

beforeAll(async () => {
  ctx = await createTestContext();
  [clientA, clientB] = (await createClients(ctx, 2, 'Rates')) as [number, number];
  bankA = await createRelatedBank(ctx, clientA);
  bankB = await createRelatedBank(ctx, clientB);
  const tag = String(Date.now());
  const rows = await ctx.database.db
    .insert(quoteTypes)
    .values([
      { quoteTypeName: `Rate sheet ${tag}`, status: 1 },
      { quoteTypeName: `Old quote ${tag}`, status: 0 },
    ])
    .returning({ id: quoteTypes.quoteTypeId });
  [activeQuote, inactiveQuote] = rows.map((r) => r.id) as [number, number];
  admin = await createSignedInUser(ctx, 'Admin');
  const role = await createRole(
    ctx,
    ['VIEW_NEGOTIATED_RATES', 'ADD_NEGOTIATED_RATES', 'EDIT_NEGOTIATED_RATES', 'DELETE_NEGOTIATED_RATES'],
    true,
  );
  scoped = await createSignedInUser(ctx, role.roleName, [clientA]);
});
afterAll(() => ctx.close());

const form = (overrides: Record<string, unknown> = {}) => ({
  clientId: clientA,
  bankId: bankA,
  state: 'DC',
  amount: '1500000.50',
  term: '90',
  rate: '-0.25',
  quoteTypeId: activeQuote,
  realized: 1,
  comments: 'Rate sheet of March',
  ...overrides,
});
const addRate = (overrides: Record<string, unknown> = {}, user = admin) =>
  call(ctx, 'POST', '/api/dashboard/negotiated-rates/', user, { negotiatedRates: form(overrides) });

describe('negotiated rates', () => {
  it('adds a rate captured by the caller, whatever the body says, and audits it', async () => {
    const res = await addRate({ userName: 'Someone Else', userId: 1 });
    expect(res.statusCode).toBe(201);
    const { msg, negotiatedRate } = res.json() as { msg: string; negotiatedRate: NegotiatedRate };
    expect(msg).toBe('Negotiated Rate added successfully.');
    expect(negotiatedRate).toMatchObject({
      clientId: clientA,
      bankId: bankA,
      state: 'DC',
      amount: 1500000.5,
      term: 90,
      rate: -0.25,
      quoteTypeId: activeQuote,
      realized: 1,
      userId: admin.userId,
      comments: 'Rate sheet of March',
    });
    expect(negotiatedRate.userName).not.toBe('Someone Else');
    const [audit] = await ctx.database.db
      .select()
      .from(auditLog)
      .where(
        and(
          eq(auditLog.action, 'negotiated-rate.created'),
          eq(auditLog.entityId, String(negotiatedRate.negotiatedRateId)),
        ),
      );
    expect(audit!.after).toMatchObject({ clientId: clientA, rate: '-0.25', userId: admin.userId });
  });

  it('validates with the spec messages', async () => {
    const res = await call(ctx, 'POST', '/api/dashboard/negotiated-rates/', admin, {
      negotiatedRates: { clientId: '', bankId: null, state: '', rate: '', realized: '', amount: '12a' },
    });
    expect(res.statusCode).toBe(400);
    const errors = res.json().fieldErrors as Record<string, string[]>;
    for (const field of ['clientId', 'bankId', 'state', 'rate', 'realized'])
      expect(errors[`negotiatedRates.${field}`]).toEqual(['Required!']);
    expect(errors['negotiatedRates.amount']).toEqual(['Field must be a number.']);
    // Thousands separators in their place and a trailing % are fine (issue 20 point 7); others are not.
    const badTerm = await addRate({ term: '1,00', rate: '+.5' });
    expect(badTerm.json().fieldErrors['negotiatedRates.term']).toEqual(['Field must be a number.']);
    expect(badTerm.json().fieldErrors['negotiatedRates.rate']).toBeUndefined();
    const typed = await addRate({ amount: '1,250,000.50', term: '1,095', rate: '4.25%' });
    expect(typed.statusCode).toBe(201);
    expect(typed.json().negotiatedRate).toMatchObject({ amount: 1_250_000.5, term: 1095, rate: 4.25 });
    expect((await addRate({ state: 'PR' })).json().fieldErrors['negotiatedRates.state']).toEqual([
      'Choose a US state or DC.',
    ]);
    const noBank = await addRate({ bankId: 999999 });
    expect(noBank.statusCode).toBe(400);
    expect(noBank.json().msg).toBe('Bank not found.');
    const inactive = await addRate({ quoteTypeId: inactiveQuote });
    expect(inactive.json().fieldErrors['negotiatedRates.quoteTypeId']).toEqual([
      'Choose an active quote type.',
    ]);
    const optional = await addRate({ amount: '', term: null, quoteTypeId: '', comments: '  ' });
    expect(optional.statusCode).toBe(201);
    expect(optional.json().negotiatedRate).toMatchObject({
      amount: null,
      term: null,
      quoteTypeId: null,
      quoteType: null,
      comments: null,
    });
  });

  it('edits a rate, keeping who captured it, and deletes it', async () => {
    const created = (await addRate()).json().negotiatedRate as NegotiatedRate;
    const url = `/api/dashboard/negotiated-rates/${created.negotiatedRateId}`;
    const edited = await call(ctx, 'PUT', url, scoped, {
      negotiatedRates: form({ rate: '4.125', realized: 0, state: 'TX', comments: '' }),
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({
      msg: 'Negotiated Rate updated successfully.',
      negotiatedRate: { rate: 4.125, realized: 0, state: 'TX', comments: null, userId: admin.userId },
    });
    expect((await call(ctx, 'GET', url, admin)).json()).toMatchObject({ rate: 4.125 });
    const deleted = await call(ctx, 'DELETE', url, scoped);
    expect(deleted.json()).toEqual({ msg: 'Negotiated Rate deleted successfully.' });
    expect((await call(ctx, 'GET', url, admin)).statusCode).toBe(404);
    const again = await call(ctx, 'DELETE', url, admin);
    expect(again.statusCode).toBe(404);
    expect(again.json().msg).toBe('Negotiated rate not found.');
  });

  it('keeps a deactivated quote type on an edited rate', async () => {
    const created = (await addRate()).json().negotiatedRate as NegotiatedRate;
    await ctx.database.db
      .update(quoteTypes)
      .set({ status: 0 })
      .where(eq(quoteTypes.quoteTypeId, created.quoteTypeId!));
    const url = `/api/dashboard/negotiated-rates/${created.negotiatedRateId}`;
    const res = await call(ctx, 'PUT', url, admin, { negotiatedRates: form({ rate: '3' }) });
    await ctx.database.db
      .update(quoteTypes)
      .set({ status: 1 })
      .where(eq(quoteTypes.quoteTypeId, activeQuote));
    expect(res.statusCode).toBe(200);
  });

  it('scopes every call to the user’s clients (404 outside them)', async () => {
    const other = (await addRate({ clientId: clientB, bankId: bankB })).json()
      .negotiatedRate as NegotiatedRate;
    const all = (
      await call(ctx, 'GET', '/api/dashboard/negotiated-rates', scoped)
    ).json() as NegotiatedRate[];
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((r) => r.clientId === clientA)).toBe(true);
    const adminAll = (
      await call(ctx, 'GET', '/api/dashboard/negotiated-rates', admin)
    ).json() as NegotiatedRate[];
    expect(adminAll.some((r) => r.negotiatedRateId === other.negotiatedRateId)).toBe(true);

    const url = `/api/dashboard/negotiated-rates/${other.negotiatedRateId}`;
    expect((await call(ctx, 'GET', url, scoped)).statusCode).toBe(404);
    expect((await call(ctx, 'PUT', url, scoped, { negotiatedRates: form() })).statusCode).toBe(404);
    expect((await call(ctx, 'DELETE', url, scoped)).statusCode).toBe(404);
    expect((await addRate({ clientId: clientB, bankId: bankB }, scoped)).statusCode).toBe(404);
    // A bank related only to another client is not the scoped user's to pick.
    expect((await addRate({ bankId: bankB }, scoped)).json().msg).toBe('Bank not found.');

    const mine = await call(ctx, 'GET', `/api/clients/negotiated-rates/${clientA}`, scoped);
    expect(mine.statusCode).toBe(200);
    expect((mine.json() as NegotiatedRate[]).every((r) => r.clientId === clientA)).toBe(true);
    expect((await call(ctx, 'GET', `/api/clients/negotiated-rates/${clientB}`, scoped)).statusCode).toBe(404);
    const ofB = (await call(ctx, 'GET', `/api/clients/negotiated-rates/${clientB}`, admin)).json();
    expect(ofB).toEqual([expect.objectContaining({ negotiatedRateId: other.negotiatedRateId })]);
    expect((await call(ctx, 'GET', '/api/clients/negotiated-rates/999999', admin)).statusCode).toBe(404);
  });

  it('refuses each call without its permission (403)', async () => {
    const created = (await addRate()).json().negotiatedRate as NegotiatedRate;
    const url = `/api/dashboard/negotiated-rates/${created.negotiatedRateId}`;
    const viewOnly = await createSignedInUser(
      ctx,
      (await createRole(ctx, ['VIEW_NEGOTIATED_RATES'])).roleName,
    );
    const none = await createSignedInUser(ctx, (await createRole(ctx, ['VIEW_CLIENTS'])).roleName);
    expect((await call(ctx, 'GET', '/api/dashboard/negotiated-rates', none)).statusCode).toBe(403);
    expect((await call(ctx, 'GET', url, none)).statusCode).toBe(403);
    expect((await call(ctx, 'GET', `/api/clients/negotiated-rates/${clientA}`, none)).statusCode).toBe(403);
    expect((await call(ctx, 'GET', url, viewOnly)).statusCode).toBe(200);
    expect((await addRate({}, viewOnly)).statusCode).toBe(403);
    expect((await call(ctx, 'PUT', url, viewOnly, { negotiatedRates: form() })).statusCode).toBe(403);
    expect((await call(ctx, 'DELETE', url, viewOnly)).statusCode).toBe(403);
    expect((await call(ctx, 'GET', '/api/dashboard/negotiated-rates')).statusCode).toBe(401);
  });
});

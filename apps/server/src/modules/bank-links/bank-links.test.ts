import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANK_LINK_MSG, CLIENT_MSG, MSG, PERMISSIONS } from '@tideline/contracts';
import {
  BANK_ITEM,
  createLinkableRelationship,
  findStoredLink,
  plaidEnv,
} from '../../../test/bank-link-fixtures';
import { startPlaidStandIn, type PlaidStandIn } from '../../../test/plaid-stand-in';
import {
  call,
  createRole,
  createSignedInUser,
  createTestContext,
  type SignedInUser,
  type TestContext,
} from '../../../test/test-context';
import { loadConfig } from '../../platform/config';
import { createAccessTokenCipher } from './access-token-cipher';
import { fetchBankLinkTransactions } from './bank-links.service';

// Issue 16 point 8 through HTTP: the four Plaid link routes of clients-accounts-investments-reports.md
// 7 under /api/data-ingestion, gated by ADD_USERS as the spec gates them, scoped to the user's clients.

let plaid: PlaidStandIn;
let ctx: TestContext;
let unconfigured: TestContext;
let admin: SignedInUser;
let tokenKey: string;

beforeAll(async () => {
  plaid = await startPlaidStandIn();
  const env = plaidEnv(plaid.baseUrl);
  tokenKey = env.PLAID_TOKEN_KEY;
  ctx = await createTestContext(env);
  unconfigured = await createTestContext();
  admin = await createSignedInUser(ctx, 'Admin');
});
afterAll(async () => {
  await ctx.close();
  await unconfigured.close();
  await plaid.close();
});

const BASE = '/api/data-ingestion';
type Method = 'POST' | 'DELETE';
const ROUTES: readonly [Method, (relId: number) => string, (relId: number) => object | undefined][] = [
  ['POST', () => `${BASE}/create-link-token`, (bcrId) => ({ bcrId })],
  ['POST', (id) => `${BASE}/create-update-link-token/${id}`, () => undefined],
  ['POST', () => `${BASE}/set-access-token`, (bcrId) => ({ bcrId, publicToken: 'public-sandbox-probe' })],
  ['DELETE', (id) => `${BASE}/remove-plaid-link/${id}`, () => undefined],
];

describe('Create, Update and Remove Plaid Link', () => {
  it('links a bank: a link token, the public token exchanged and sealed, the bank made Plaid', async () => {
    const { relationship, clientId } = await createLinkableRelationship(ctx);
    const relId = relationship.bankClientRelId;
    const token = await call(ctx, 'POST', `${BASE}/create-link-token`, admin, { bcrId: relId });
    expect(token.statusCode, token.body).toBe(200);
    expect(token.json()).toEqual({
      linkToken: expect.stringMatching(/^link-sandbox-/),
      expiration: expect.any(String),
    });

    const publicToken = plaid.issuePublicToken(structuredClone(BANK_ITEM));
    const linked = await call(ctx, 'POST', `${BASE}/set-access-token`, admin, { bcrId: relId, publicToken });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toEqual({ msg: BANK_LINK_MSG.linked, collectionType: 'Plaid' });

    // Encrypted at rest: the column never holds the token, and the configured key opens it.
    const stored = (await findStoredLink(ctx, relId))!;
    const accessToken = createAccessTokenCipher(Buffer.from(tokenKey, 'base64')).open(
      stored.accessTokenCiphertext,
      relId,
    )!;
    expect(accessToken).toMatch(/^access-sandbox-/);
    expect(plaid.itemOf(accessToken)?.itemId).toBe(stored.itemId);
    expect(stored.accessTokenCiphertext).not.toContain(accessToken);
    expect(linked.body).not.toContain(accessToken);

    const banks = await call(ctx, 'GET', `/api/clients/banks/all/${clientId}`, admin);
    expect(banks.json()).toEqual([
      expect.objectContaining({ bankClientRelId: relId, collectionType: 'Plaid' }),
    ]);

    const update = await call(ctx, 'POST', `${BASE}/create-update-link-token/${relId}`, admin);
    expect(update.statusCode, update.body).toBe(200);
    expect(plaid.requests.at(-1)!.body.access_token).toBe(accessToken);
    expect(update.body).not.toContain(accessToken);
  });

  it('removes the link: /item/remove at Plaid, the link forgotten, the bank back to File Upload', async () => {
    const { relationship, clientId } = await createLinkableRelationship(ctx);
    const relId = relationship.bankClientRelId;
    const publicToken = plaid.issuePublicToken(structuredClone(BANK_ITEM));
    await call(ctx, 'POST', `${BASE}/set-access-token`, admin, { bcrId: relId, publicToken });
    const stored = (await findStoredLink(ctx, relId))!;

    const removed = await call(ctx, 'DELETE', `${BASE}/remove-plaid-link/${relId}`, admin);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json()).toEqual({ msg: BANK_LINK_MSG.removed, collectionType: 'File Upload' });
    const removal = plaid.requests.filter((r) => r.path === '/item/remove').at(-1)!;
    expect(plaid.removedAccessTokens).toContain(removal.body.access_token);
    expect(await findStoredLink(ctx, relId)).toBeNull();
    const banks = await call(ctx, 'GET', `/api/clients/banks/all/${clientId}`, admin);
    expect(banks.json()[0].collectionType).toBe('File Upload');

    const audit = await ctx.database.db.query.auditLog.findMany({
      where: (a, { eq }) => eq(a.entityId, String(stored.bankLinkId)),
      orderBy: (a, { asc }) => asc(a.occurredAt),
    });
    const linkRows = audit.filter((a) => a.entity === 'bank_link');
    expect(linkRows.map((a) => a.action)).toEqual(['bankLink.created', 'bankLink.removed']);
    expect(linkRows.every((a) => a.userId === admin.userId && a.clientIds?.includes(clientId))).toBe(true);
  });

  it("answers Plaid's refusal of a public token as a plain message and keeps the bank as it was", async () => {
    const { relationship } = await createLinkableRelationship(ctx);
    const res = await call(ctx, 'POST', `${BASE}/set-access-token`, admin, {
      bcrId: relationship.bankClientRelId,
      publicToken: 'public-sandbox-0000',
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().msg).toBe(
      'Failed to create Plaid link. Plaid: INVALID_PUBLIC_TOKEN: provided public token is expired.',
    );
    expect(await findStoredLink(ctx, relationship.bankClientRelId)).toBeNull();
  });

  it('refuses a set-access-token without its fields (400)', async () => {
    const res = await call(ctx, 'POST', `${BASE}/set-access-token`, admin, { bcrId: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toHaveProperty('publicToken');
  });
});

describe('who may link', () => {
  it.each(ROUTES)(
    '%s %s needs ADD_USERS (403 without it, even holding everything else)',
    async (method, url, body) => {
      const { roleName } = await createRole(
        ctx,
        PERMISSIONS.filter((p) => p !== 'ADD_USERS'),
      );
      const user = await createSignedInUser(ctx, roleName);
      const { relationship } = await createLinkableRelationship(ctx);
      const res = await call(
        ctx,
        method,
        url(relationship.bankClientRelId),
        user,
        body(relationship.bankClientRelId),
      );
      expect(res.statusCode).toBe(403);
      expect(res.json().msg).toBe(MSG.forbidden);
    },
  );

  it.each(ROUTES)(
    "%s %s answers 404 for another client's relationship to a scoped user",
    async (method, url, body) => {
      const { roleName } = await createRole(ctx, ['ADD_USERS'], true);
      const own = await createLinkableRelationship(ctx);
      const other = await createLinkableRelationship(ctx);
      const user = await createSignedInUser(ctx, roleName, [own.clientId]);
      const theirs = await call(
        ctx,
        method,
        url(other.relationship.bankClientRelId),
        user,
        body(other.relationship.bankClientRelId),
      );
      const nowhere = await call(ctx, method, url(2_000_000_000), user, body(2_000_000_000));
      expect(theirs.statusCode).toBe(404);
      expect(theirs.json()).toEqual({ msg: CLIENT_MSG.relationshipNotFound });
      expect(nowhere.json()).toEqual(theirs.json());
      const mine = await call(
        ctx,
        method,
        url(own.relationship.bankClientRelId),
        user,
        body(own.relationship.bankClientRelId),
      );
      expect([200, 422]).toContain(mine.statusCode);
    },
  );
});

describe('the rows Pull Transaction Data stages', () => {
  const JUNE = { startDate: '2024-06-01', endDate: '2024-06-30' };

  it("come from the provider of the relationship's collection type", async () => {
    const { relationship, checkingId, moneyMarketId } = await createLinkableRelationship(ctx);
    const publicToken = plaid.issuePublicToken(structuredClone(BANK_ITEM));
    const bcrId = relationship.bankClientRelId;
    await call(ctx, 'POST', `${BASE}/set-access-token`, admin, { bcrId, publicToken });
    const linked = { ...relationship, collectionType: 'Plaid' as const };
    const pulled = await fetchBankLinkTransactions(ctx.platform.bankLinkProviders, linked, JUNE);
    expect(pulled.rows.map((r) => [r.accountId, r.date, r.description, r.amount])).toEqual([
      [checkingId, '2024-06-03', 'VENDOR PAYMENT', '-1250.40'],
      [checkingId, '2024-06-04', 'DEPOSIT', '5000.00'],
      [moneyMarketId, '2024-06-30', 'INTEREST', '12.34'],
    ]);
    expect(pulled.unmatchedAccounts).toEqual([]);
  });

  it("answer Munitrust's 'not configured' and refuse a bank that is not pulled", async () => {
    const { relationship } = await createLinkableRelationship(ctx);
    const providers = ctx.platform.bankLinkProviders;
    const munitrust = { ...relationship, collectionType: 'Munitrust' as const };
    await expect(fetchBankLinkTransactions(providers, munitrust, JUNE)).rejects.toMatchObject({
      statusCode: 422,
      message: 'Munitrust is not configured on this server.',
    });
    await expect(fetchBankLinkTransactions(providers, relationship, JUNE)).rejects.toMatchObject({
      statusCode: 422,
      message: BANK_LINK_MSG.notPulled,
    });
    await expect(providers.munitrust.createLinkToken(munitrust)).rejects.toMatchObject({ statusCode: 422 });
  });
});

describe('without Plaid configured', () => {
  it.each(ROUTES)(
    "%s %s answers 'Plaid is not configured on this server.' (422)",
    async (method, url, body) => {
      const user = await createSignedInUser(unconfigured, 'Admin');
      const { relationship } = await createLinkableRelationship(unconfigured);
      const res = await call(
        unconfigured,
        method,
        url(relationship.bankClientRelId),
        user,
        body(relationship.bankClientRelId),
      );
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ msg: BANK_LINK_MSG.plaidNotConfigured });
      const missing = await call(unconfigured, method, url(2_000_000_000), user, body(2_000_000_000));
      expect(missing.statusCode).toBe(404);
    },
  );

  it('refuses to start with Plaid credentials but no key to seal its tokens, or a malformed key', () => {
    const base = { PLAID_CLIENT_ID: 'id', PLAID_SECRET: 'secret' };
    expect(() => loadConfig(base)).toThrow('Plaid needs PLAID_TOKEN_KEY as well.');
    expect(() => loadConfig({ PLAID_SECRET: 'secret' })).toThrow(
      'Plaid needs PLAID_CLIENT_ID, PLAID_TOKEN_KEY',
    );
    expect(() => loadConfig({ ...base, PLAID_TOKEN_KEY: 'short' })).toThrow(
      'PLAID_TOKEN_KEY is 32 random bytes',
    );
    expect(loadConfig({}).plaid).toBeNull();
    const key = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({ ...base, PLAID_TOKEN_KEY: key }).plaid).toMatchObject({
      environment: 'sandbox',
      basePath: 'https://sandbox.plaid.com',
      clientName: 'Tideline',
      daysRequested: 730,
    });
    const production = loadConfig({ ...base, PLAID_TOKEN_KEY: key, PLAID_ENV: 'production' }).plaid!;
    expect(production.basePath).toBe('https://production.plaid.com');
    expect(production.tokenKey).toEqual(Buffer.alloc(32, 7));
  });
});

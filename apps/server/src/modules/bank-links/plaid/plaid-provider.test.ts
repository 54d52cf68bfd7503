import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANK_LINK_MSG, type BankClientRelationship } from '@tideline/contracts';
import {
  BANK_ITEM,
  CHECKING_NUMBER,
  createLinkableRelationship,
  findStoredLink,
} from '../../../../test/bank-link-fixtures';
import {
  startPlaidStandIn,
  STAND_IN_CLIENT_ID,
  STAND_IN_SECRET,
  type PlaidStandIn,
  type StandInItem,
} from '../../../../test/plaid-stand-in';
import { createTestContext, SYSTEM_CONTEXT, type TestContext } from '../../../../test/test-context';
import { createAccessTokenCipher } from '../access-token-cipher';
import { createPlaidApi } from './plaid-api';
import { createPlaidProvider } from './plaid-provider';

// The Plaid provider through the official client against the local stand-in (issue 16 point 8):
// what it sends, how it pages the transactions sync, and what a user reads when Plaid says no.

let ctx: TestContext;
let plaid: PlaidStandIn;
const warnings: object[] = [];
const key = randomBytes(32);

beforeAll(async () => {
  ctx = await createTestContext();
  plaid = await startPlaidStandIn();
});
afterAll(async () => {
  await plaid.close();
  await ctx.close();
});

function providerAt(basePath: string, options: { secret?: string; tokenKey?: Buffer } = {}) {
  const api = createPlaidApi({
    basePath,
    clientId: STAND_IN_CLIENT_ID,
    secret: options.secret ?? STAND_IN_SECRET,
    clientName: 'Tideline',
    daysRequested: 730,
    timeoutMs: 1000,
  });
  const log = { warn: (details: object) => void warnings.push(details) };
  const cipher = createAccessTokenCipher(options.tokenKey ?? key);
  return createPlaidProvider({ db: ctx.database.db, api, cipher, log });
}

const sent = (path: string) => plaid.requests.filter((r) => r.path === path).map((r) => r.body);
const JUNE = { startDate: '2024-06-01', endDate: '2024-06-30' };

async function linkedRelationship(item: StandInItem = BANK_ITEM) {
  const records = await createLinkableRelationship(ctx);
  await providerAt(plaid.baseUrl).exchangePublicToken(
    records.relationship,
    plaid.issuePublicToken(structuredClone(item)),
    SYSTEM_CONTEXT,
  );
  const link = (await findStoredLink(ctx, records.relationship.bankClientRelId))!;
  const accessToken = createAccessTokenCipher(key).open(link.accessTokenCiphertext, link.bankClientRelId)!;
  return { ...records, link, accessToken };
}

describe('Plaid Link tokens', () => {
  it('asks /link/token/create for the transactions product and two years, as the client', async () => {
    const { relationship } = await createLinkableRelationship(ctx);
    const token = await providerAt(plaid.baseUrl).createLinkToken(relationship);
    expect(token.linkToken).toMatch(/^link-sandbox-/);
    expect(Date.parse(token.expiration)).toBeGreaterThan(Date.now());
    expect(sent('/link/token/create').at(-1)).toEqual({
      client_name: 'Tideline',
      language: 'en',
      country_codes: ['US'],
      user: { client_user_id: `tideline-client-${relationship.clientId}` },
      products: ['transactions'],
      transactions: { days_requested: 730 },
    });
  });

  it("opens update mode on the relationship's item, and a new link where there is none yet", async () => {
    const { relationship, accessToken } = await linkedRelationship();
    await providerAt(plaid.baseUrl).createUpdateLinkToken(relationship);
    const update = sent('/link/token/create').at(-1)!;
    expect(update.access_token).toBe(accessToken);
    expect(update).not.toHaveProperty('products');

    const unlinked = await createLinkableRelationship(ctx);
    await providerAt(plaid.baseUrl).createUpdateLinkToken(unlinked.relationship);
    expect(sent('/link/token/create').at(-1)).toMatchObject({ products: ['transactions'] });
  });

  it("answers Plaid's refusal as the step's message with Plaid's, and never its credentials", async () => {
    const { relationship } = await createLinkableRelationship(ctx);
    const failure = await providerAt(plaid.baseUrl, { secret: 'wrong-secret' })
      .createLinkToken(relationship)
      .catch((e: Error & { statusCode: number }) => e);
    expect(failure).toMatchObject({
      statusCode: 422,
      message:
        'Failed to create Plaid link token. Plaid: INVALID_API_KEYS: invalid client_id or secret provided.',
    });
    expect(JSON.stringify(failure)).not.toContain('wrong-secret');
  });

  it('answers 502 when Plaid fails or cannot be reached', async () => {
    const { relationship } = await createLinkableRelationship(ctx);
    plaid.failNext('/link/token/create', [
      500,
      {
        error_type: 'API_ERROR',
        error_code: 'INTERNAL_SERVER_ERROR',
        error_message: 'an unexpected error occurred',
      },
    ]);
    await expect(providerAt(plaid.baseUrl).createUpdateLinkToken(relationship)).rejects.toMatchObject({
      statusCode: 502,
      message:
        'Failed to create Plaid update link token. Plaid: INTERNAL_SERVER_ERROR: an unexpected error occurred.',
    });
    const closed = await startPlaidStandIn();
    await closed.close();
    await expect(providerAt(closed.baseUrl).createLinkToken(relationship)).rejects.toMatchObject({
      statusCode: 502,
      message: 'Failed to create Plaid link token. Plaid: not reachable (ECONNREFUSED).',
    });
  });
});

describe('the public-token exchange', () => {
  it('stores the access token sealed, makes the bank Plaid and audits without the token', async () => {
    const { relationship, link, accessToken } = await linkedRelationship();
    expect(accessToken).toMatch(/^access-sandbox-/);
    expect(link.accessTokenCiphertext).not.toContain(accessToken);
    expect(link).toMatchObject({ provider: 'Plaid', clientId: relationship.clientId });
    expect(plaid.itemOf(accessToken)?.itemId).toBe(link.itemId);
    const [rel] = await ctx.database.db.query.bankClientRelationships.findMany({
      where: (r, { eq }) => eq(r.bankClientRelId, relationship.bankClientRelId),
    });
    expect(rel!.collectionType).toBe('Plaid');
    const audit = await ctx.database.db.query.auditLog.findMany({
      where: (a, { eq, and }) => and(eq(a.entity, 'bank_link'), eq(a.entityId, String(link.bankLinkId))),
    });
    expect(audit.map((a) => a.action)).toEqual(['bankLink.created']);
    expect(audit[0]!.clientIds).toEqual([relationship.clientId]);
    expect(JSON.stringify(audit)).not.toContain(accessToken);
  });

  it("refuses an expired public token with Plaid's message and stores nothing", async () => {
    const { relationship } = await createLinkableRelationship(ctx);
    await expect(
      providerAt(plaid.baseUrl).exchangePublicToken(relationship, 'public-sandbox-expired', SYSTEM_CONTEXT),
    ).rejects.toMatchObject({
      statusCode: 422,
      message: 'Failed to create Plaid link. Plaid: INVALID_PUBLIC_TOKEN: provided public token is expired.',
    });
    expect(await findStoredLink(ctx, relationship.bankClientRelId)).toBeNull();
  });

  it('ends the old item at Plaid when another login replaces it', async () => {
    const { relationship, accessToken: first } = await linkedRelationship();
    await providerAt(plaid.baseUrl).exchangePublicToken(
      relationship,
      plaid.issuePublicToken(BANK_ITEM),
      SYSTEM_CONTEXT,
    );
    expect(plaid.removedAccessTokens).toContain(first);
    expect(plaid.itemOf(first)).toBeUndefined();
  });

  it('keeps the new link when the old item cannot be ended, and reports it without a token', async () => {
    const { relationship, link, accessToken: first } = await linkedRelationship();
    plaid.failNext('/item/remove', [
      503,
      {
        error_type: 'API_ERROR',
        error_code: 'PLANNED_MAINTENANCE',
        error_message: 'the Plaid API is temporarily unavailable',
      },
    ]);
    await providerAt(plaid.baseUrl).exchangePublicToken(
      relationship,
      plaid.issuePublicToken(BANK_ITEM),
      SYSTEM_CONTEXT,
    );
    expect((await findStoredLink(ctx, relationship.bankClientRelId))!.itemId).not.toBe(link.itemId);
    expect(warnings.at(-1)).toEqual({
      bankClientRelId: relationship.bankClientRelId,
      itemId: link.itemId,
      reason: 'PLANNED_MAINTENANCE: the Plaid API is temporarily unavailable',
    });
    expect(JSON.stringify(warnings)).not.toContain(first);
  });
});

describe('the transactions of a period', () => {
  it('pages /transactions/sync from the first cursor and places signed rows on the accounts', async () => {
    const many: StandInItem = {
      ...BANK_ITEM,
      transactions: Array.from({ length: 1201 }, (_, i) => ({
        transaction_id: `bulk-${String(i).padStart(4, '0')}`,
        account_id: 'acc-chk',
        amount: i % 2 ? 10 : -20,
        date: '2024-06-15',
        name: `ROW ${i}`,
        original_description: i === 0 ? 'ORIGINAL TEXT OF THE BANK' : null,
      })),
      modified: [
        { transaction_id: 'bulk-0001', account_id: 'acc-chk', amount: 11, date: '2024-06-16', name: 'FIXED' },
      ],
      removed: ['bulk-0002'],
    };
    const { relationship, checkingId } = await linkedRelationship(many);
    const before = sent('/transactions/sync').length;
    const { rows, unmatchedAccounts } = await providerAt(plaid.baseUrl).fetchTransactions(relationship, JUNE);
    const calls = sent('/transactions/sync').slice(before);
    expect(calls.map((c) => c.cursor)).toEqual([undefined, 'cursor-500', 'cursor-1000']);
    expect(calls.every((c) => c.count === 500)).toBe(true);
    expect(calls[0]!.options).toEqual({ include_original_description: true });
    expect(rows).toHaveLength(1200);
    expect(unmatchedAccounts).toEqual([]);
    const byId = new Map(rows.map((r) => [r.externalId, r]));
    expect(byId.get('bulk-0000')).toEqual({
      accountId: checkingId,
      accountNumber: CHECKING_NUMBER,
      date: '2024-06-15',
      description: 'ORIGINAL TEXT OF THE BANK',
      amount: '20.00',
      externalId: 'bulk-0000',
    });
    expect(byId.get('bulk-0001')).toMatchObject({
      amount: '-11.00',
      date: '2024-06-16',
      description: 'FIXED',
    });
    expect(byId.has('bulk-0002')).toBe(false);
  });

  it('restarts from the first cursor when the item changes during paging, as Plaid asks', async () => {
    const item = {
      ...BANK_ITEM,
      transactions: Array.from({ length: 600 }, (_, i) => ({
        ...BANK_ITEM.transactions[0]!,
        transaction_id: `m-${i}`,
      })),
    };
    const { relationship } = await linkedRelationship(item);
    const before = sent('/transactions/sync').length;
    plaid.failNext(
      '/transactions/sync',
      null,
      plaid.plaidError(
        'TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION',
        'Underlying transaction data changed since last page was fetched. Please restart pagination from last update.',
        'TRANSACTIONS_ERROR',
      ),
    );
    const { rows } = await providerAt(plaid.baseUrl).fetchTransactions(relationship, JUNE);
    expect(
      sent('/transactions/sync')
        .slice(before)
        .map((c) => c.cursor),
    ).toEqual([undefined, 'cursor-500', undefined, 'cursor-500']);
    expect(rows).toHaveLength(600);
  });

  it('keeps the period and says which Plaid accounts match no account of the client', async () => {
    const item: StandInItem = {
      ...BANK_ITEM,
      accounts: [...BANK_ITEM.accounts, { account_id: 'acc-card', name: 'Plaid Card', mask: '0009' }],
      transactions: [
        ...BANK_ITEM.transactions,
        { transaction_id: 'card-1', account_id: 'acc-card', amount: 5, date: '2024-06-10', name: 'CARD' },
      ],
    };
    const { relationship } = await linkedRelationship(item);
    const { rows, unmatchedAccounts } = await providerAt(plaid.baseUrl).fetchTransactions(relationship, JUNE);
    expect(rows.map((r) => [r.externalId, r.accountNumber, r.amount])).toEqual([
      ['tx-1', CHECKING_NUMBER, '-1250.40'],
      ['tx-2', CHECKING_NUMBER, '5000.00'],
      ['tx-3', '9988776655', '12.34'],
    ]);
    expect(unmatchedAccounts).toEqual([
      { name: 'Plaid Card', mask: '0009', transactionCount: 1, reason: 'no-account' },
    ]);
  });

  it('says when Plaid has no transactions yet, when there is no link, and when Plaid refuses', async () => {
    const { relationship: fresh } = await linkedRelationship({ ...BANK_ITEM, updateStatus: 'NOT_READY' });
    await expect(providerAt(plaid.baseUrl).fetchTransactions(fresh, JUNE)).rejects.toMatchObject({
      statusCode: 422,
      message: BANK_LINK_MSG.notReady,
    });
    const { relationship: unlinked } = await createLinkableRelationship(ctx);
    await expect(providerAt(plaid.baseUrl).fetchTransactions(unlinked, JUNE)).rejects.toMatchObject({
      statusCode: 422,
      message: BANK_LINK_MSG.noLink,
    });
    const { relationship } = await linkedRelationship();
    plaid.failNext(
      '/transactions/sync',
      plaid.plaidError(
        'ITEM_LOGIN_REQUIRED',
        "the login details of this item have changed (credentials, MFA, or required user action) and a user login is required to update this information. use Link's update mode to restore the item to a good state",
        'ITEM_ERROR',
      ),
    );
    await expect(providerAt(plaid.baseUrl).fetchTransactions(relationship, JUNE)).rejects.toMatchObject({
      statusCode: 422,
      message: expect.stringMatching(
        /^Failed to pull transaction data\. Plaid: ITEM_LOGIN_REQUIRED: the login details .* good state\.$/,
      ),
    });
  });
});

describe('removing the link', () => {
  const collectionTypeOf = async (relationship: BankClientRelationship) =>
    (await ctx.database.db.query.bankClientRelationships.findFirst({
      where: (r, { eq }) => eq(r.bankClientRelId, relationship.bankClientRelId),
    }))!.collectionType;

  it('calls /item/remove with the token, forgets the link and returns the bank to File Upload', async () => {
    const { relationship, accessToken } = await linkedRelationship();
    await providerAt(plaid.baseUrl).removeLink(relationship, SYSTEM_CONTEXT);
    expect(sent('/item/remove').at(-1)).toEqual({ access_token: accessToken });
    expect(await findStoredLink(ctx, relationship.bankClientRelId)).toBeNull();
    expect(await collectionTypeOf(relationship)).toBe('File Upload');
  });

  it('keeps the link when Plaid fails, and forgets it when Plaid no longer knows the item', async () => {
    const { relationship, accessToken } = await linkedRelationship();
    plaid.failNext('/item/remove', [
      500,
      {
        error_type: 'API_ERROR',
        error_code: 'INTERNAL_SERVER_ERROR',
        error_message: 'an unexpected error occurred',
      },
    ]);
    await expect(providerAt(plaid.baseUrl).removeLink(relationship, SYSTEM_CONTEXT)).rejects.toMatchObject({
      statusCode: 502,
      message: 'Failed to remove Plaid link. Plaid: INTERNAL_SERVER_ERROR: an unexpected error occurred.',
    });
    expect(await findStoredLink(ctx, relationship.bankClientRelId)).not.toBeNull();
    plaid.failNext(
      '/item/remove',
      plaid.plaidError('ITEM_NOT_FOUND', 'the requested item was not found', 'ITEM_ERROR'),
    );
    await providerAt(plaid.baseUrl).removeLink(relationship, SYSTEM_CONTEXT);
    expect(await findStoredLink(ctx, relationship.bankClientRelId)).toBeNull();
    expect(plaid.itemOf(accessToken)).toBeDefined();
  });

  it('cannot use a token sealed under another key, says so, and can still forget it', async () => {
    const { relationship } = await linkedRelationship();
    const rekeyed = providerAt(plaid.baseUrl, { tokenKey: randomBytes(32) });
    await expect(rekeyed.fetchTransactions(relationship, JUNE)).rejects.toMatchObject({
      statusCode: 422,
      message: BANK_LINK_MSG.tokenUnreadable,
    });
    await expect(rekeyed.createUpdateLinkToken(relationship)).rejects.toMatchObject({
      message: BANK_LINK_MSG.tokenUnreadable,
    });
    const removals = sent('/item/remove').length;
    await rekeyed.removeLink(relationship, SYSTEM_CONTEXT);
    expect(sent('/item/remove')).toHaveLength(removals);
    expect(await findStoredLink(ctx, relationship.bankClientRelId)).toBeNull();
  });
});

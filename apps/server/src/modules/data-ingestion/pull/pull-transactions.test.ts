import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BANK_LINK_MSG } from '@tideline/contracts';
import type { PullTransactionsResult } from '@tideline/contracts/data-ingestion/extraction.schemas';
import { batchAccounts, batchFiles } from '../../../db/schema';
import { createAccountRow, createKeyword, createRelatedBank } from '../../../../test/account-fixtures';
import { createLinkableRelationship, findStoredLink, plaidEnv } from '../../../../test/bank-link-fixtures';
import { createBatchAccountRow, createBatchRow } from '../../../../test/batch-fixtures';
import { selectBatchStagedTransactions } from '../../../../test/extraction-fixtures';
import { startPlaidStandIn, type PlaidStandIn, type StandInItem } from '../../../../test/plaid-stand-in';
import {
  call,
  createClients,
  createSignedInUser,
  createTestContext,
  type SignedInUser,
  type TestContext,
} from '../../../../test/test-context';
import { createAccessTokenCipher } from '../../bank-links/access-token-cipher';

// Issue 16 point 8: Pull Transaction Data through the official plaid client against a local server
// speaking Plaid's JSON; the pull is staged like a file, and a second pull of the period replaces it.

let plaid: PlaidStandIn;
let ctx: TestContext;
let tokenKey: string;
let admin: SignedInUser;
let analyst: SignedInUser;

beforeAll(async () => {
  plaid = await startPlaidStandIn();
  const env = plaidEnv(plaid.baseUrl);
  tokenKey = env.PLAID_TOKEN_KEY;
  ctx = await createTestContext(env);
  admin = await createSignedInUser(ctx, 'Admin');
  analyst = await createSignedInUser(ctx, 'Analyst');
});
afterAll(async () => {
  await ctx.close();
  await plaid.close();
});

const pull = (batchId: number) =>
  call(ctx, 'POST', '/api/data-ingestion/pull-transactions', analyst, { batchId });

describe('Pull Transaction Data from Plaid', () => {
  let batchId: number;
  let checkingBatchAccountId: number;
  let accessToken: string;
  let keywordId: number;
  let firstPull: PullTransactionsResult;

  beforeAll(async () => {
    const { clientId, checkingId, relationship } = await createLinkableRelationship(ctx);
    const relId = relationship.bankClientRelId;
    batchId = await createBatchRow(ctx, clientId);
    // Only checking is in the batch: money market's rows are the client's, but not this batch's.
    checkingBatchAccountId = await createBatchAccountRow(ctx, clientId, batchId, { accountId: checkingId });
    keywordId = await createKeyword(ctx, `VENDORKW${batchId}`);
    const item: StandInItem = {
      accounts: [
        { account_id: 'acc-chk', name: 'Plaid Checking', mask: '4567' },
        { account_id: 'acc-mm', name: 'Plaid Money Market', mask: '6655' },
        { account_id: 'acc-card', name: 'Plaid Card', mask: '0001' },
      ],
      transactions: [
        {
          transaction_id: 't1',
          account_id: 'acc-chk',
          amount: 1250.4,
          date: '2026-07-03',
          name: `VENDORKW${batchId} PAYMENT`,
        },
        { transaction_id: 't2', account_id: 'acc-chk', amount: -5000, date: '2026-07-06', name: 'DEPOSIT' },
        { transaction_id: 't3', account_id: 'acc-mm', amount: -12.34, date: '2026-07-31', name: 'INTEREST' },
        { transaction_id: 't4', account_id: 'acc-card', amount: 20, date: '2026-07-10', name: 'CARD' },
        {
          transaction_id: 't5',
          account_id: 'acc-chk',
          amount: 99,
          date: '2026-10-01',
          name: 'AFTER THE PERIOD',
        },
      ],
    };
    const publicToken = plaid.issuePublicToken(item);
    const linked = await call(ctx, 'POST', '/api/data-ingestion/set-access-token', admin, {
      bcrId: relId,
      publicToken,
    });
    expect(linked.statusCode, linked.body).toBe(200);
    const stored = (await findStoredLink(ctx, relId))!;
    accessToken = createAccessTokenCipher(Buffer.from(tokenKey, 'base64')).open(
      stored.accessTokenCiphertext,
      relId,
    )!;
  });

  it("stages the period's rows of the batch's accounts and lists the accounts it could not place", async () => {
    const res = await pull(batchId);
    expect(res.statusCode, res.body).toBe(200);
    firstPull = res.json() as PullTransactionsResult;
    expect(firstPull).toMatchObject({
      rowCount: 2,
      unmatchedAccounts: [
        { name: 'Plaid Card', mask: '0001', transactionCount: 1, reason: 'no-account' },
        { name: '9988776655', mask: null, transactionCount: 1, reason: 'not-in-batch' },
      ],
    });
    expect(firstPull.msg).toBe(
      '2 rows staged for 1 account. Not staged: Plaid Card ••0001, 1 transaction (no account of the ' +
        'client at this bank matches it); 9988776655, 1 transaction (its account is not in this batch).',
    );
    const staged = await selectBatchStagedTransactions(ctx, batchId);
    expect(
      staged.map((s) => [
        s.batchFileId,
        s.batchAccountId,
        s.transactionDate,
        s.description,
        s.amount,
        s.keywordId,
      ]),
    ).toEqual([
      [
        firstPull.fileAuditId,
        checkingBatchAccountId,
        '2026-07-03',
        `VENDORKW${batchId} PAYMENT`,
        '-1250.40',
        keywordId,
      ],
      [firstPull.fileAuditId, checkingBatchAccountId, '2026-07-06', 'DEPOSIT', '5000.00', null],
    ]);
    const [file] = await ctx.database.db
      .select()
      .from(batchFiles)
      .where(eq(batchFiles.batchFileId, firstPull.fileAuditId));
    expect(file).toMatchObject({
      uploadedFileName: 'plaid-pull-2026-07-01-2026-09-30.csv',
      status: 'Extracted',
      rowCount: 2,
      extractionMessage: firstPull.msg,
    });
    const [account] = await ctx.database.db
      .select({ status: batchAccounts.status })
      .from(batchAccounts)
      .where(eq(batchAccounts.batchAccountId, checkingBatchAccountId));
    expect(account!.status).toBe('Needs Validation');
  });

  it('replaces the first pull with the second: its file Replaced, only the new rows staged', async () => {
    plaid.itemOf(accessToken)!.transactions = [
      {
        transaction_id: 't1',
        account_id: 'acc-chk',
        amount: 1250.4,
        date: '2026-07-03',
        name: 'VENDOR PAYMENT',
      },
      { transaction_id: 't6', account_id: 'acc-chk', amount: 75, date: '2026-08-14', name: 'WIRE OUT' },
    ];
    const res = await pull(batchId);
    expect(res.statusCode, res.body).toBe(200);
    const second = res.json() as PullTransactionsResult;
    // The card still matches no account: listed though it had nothing in the period.
    expect(second).toMatchObject({
      rowCount: 2,
      unmatchedAccounts: [{ name: 'Plaid Card', mask: '0001', transactionCount: 0, reason: 'no-account' }],
    });
    expect(second.msg).toBe(
      '2 rows staged for 1 account. Not staged: Plaid Card ••0001, 0 transactions (no account of the ' +
        'client at this bank matches it).',
    );
    const staged = await selectBatchStagedTransactions(ctx, batchId);
    expect(staged.map((s) => [s.batchFileId, s.transactionDate, s.amount])).toEqual([
      [second.fileAuditId, '2026-07-03', '-1250.40'],
      [second.fileAuditId, '2026-08-14', '-75.00'],
    ]);
    const files = await ctx.database.db
      .select({ id: batchFiles.batchFileId, status: batchFiles.status })
      .from(batchFiles)
      .where(eq(batchFiles.batchId, batchId))
      .orderBy(batchFiles.batchFileId);
    expect(files).toEqual([
      { id: firstPull.fileAuditId, status: 'Replaced' },
      { id: second.fileAuditId, status: 'Extracted' },
    ]);
  });
});

describe('a pull from a bank that is not collected through Plaid', () => {
  it.each([
    ['Munitrust', BANK_LINK_MSG.munitrustNotConfigured],
    ['File Upload', BANK_LINK_MSG.notPulled],
  ])('%s answers 422 with a clear message and stages nothing', async (collectionType, message) => {
    const [clientId] = await createClients(ctx, 1, collectionType);
    const bankId = await createRelatedBank(ctx, clientId!, { collectionType });
    const accountId = await createAccountRow(ctx, clientId!, bankId);
    const batchId = await createBatchRow(ctx, clientId!);
    await createBatchAccountRow(ctx, clientId!, batchId, { accountId });
    const res = await pull(batchId);
    expect(res.statusCode).toBe(422);
    expect(res.json().msg).toBe(message);
    expect(await ctx.database.db.select().from(batchFiles).where(eq(batchFiles.batchId, batchId))).toEqual(
      [],
    );
  });
});

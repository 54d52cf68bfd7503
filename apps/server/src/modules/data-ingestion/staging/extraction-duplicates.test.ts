import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTransactions } from '../../../../test/account-fixtures';
import {
  createExtractingContext,
  createExtractionWorld,
  csvOf,
  extractOne,
  selectStagedTransactions,
  type ExtractionWorld,
} from '../../../../test/extraction-fixtures';
import {
  createClients,
  createSignedInUser,
  type SignedInUser,
  type TestContext,
} from '../../../../test/test-context';
import { describeStaged } from './complete-staging';

// Issue 16 point 6: a possible duplicate says what it matches, a transaction in the books or a row
// of another file, in the rows (for the staging screens) and in the file's message (for the user now).

let ctx: TestContext;
let analyst: SignedInUser;
let world: ExtractionWorld;
let bookedId: number;
let first: Awaited<ReturnType<typeof extractOne>>;
let second: Awaited<ReturnType<typeof extractOne>>;

const flagsOf = (rows: Awaited<ReturnType<typeof selectStagedTransactions>>) =>
  rows.map((s) => ({
    row: s.rowNumber,
    transaction: s.duplicateOfTransactionId,
    stagingRow: s.duplicateOfStagingTransactionId,
    file: s.duplicateOfBatchFileId,
  }));

beforeAll(async () => {
  ctx = await createExtractingContext();
  analyst = await createSignedInUser(ctx, 'Analyst');
  const [clientId] = await createClients(ctx, 1, 'Duplicates');
  world = await createExtractionWorld(ctx, await createSignedInUser(ctx, 'Admin'), clientId!);
  [bookedId] = (await insertTransactions(ctx, clientId!, world.accounts[0]!.accountId, [
    { transactionDate: '2026-07-10', description: 'CHECK 1001', amount: '-25.00' },
    { transactionDate: '2026-07-10', description: 'CHECK 1002', amount: '-25.00' },
  ])) as [number];
});
afterAll(() => ctx.close());

describe('possible duplicates', () => {
  it('flags a row equal to a transaction in the books, pointing at it and naming it', async () => {
    const a = world.accounts[0]!.accountNumber;
    first = await extractOne(
      ctx,
      analyst,
      world,
      'first.csv',
      csvOf([
        [a, '07/10/2026', 'CHECK 1001', '-25.00'],
        [a, '07/11/2026', 'Deposit', '100.00'],
        // Equal but for the description, or the amount: not duplicates.
        [a, '07/10/2026', 'CHECK 1003', '-25.00'],
        [a, '07/10/2026', 'CHECK 1002', '-25.01'],
      ]),
    );
    expect(first.extractionMessage).toBe(
      `4 rows staged for 1 account. 1 row is a possible duplicate: row 2 matches transaction ${bookedId} in ` +
        'the books by date, amount and description. Keep or drop it in Edit/Inspect/Validate Transactions ' +
        'before the account is validated.',
    );
    expect(flagsOf(await selectStagedTransactions(ctx, first.batchFileId))).toEqual([
      { row: 2, transaction: bookedId, stagingRow: null, file: null },
      { row: 3, transaction: null, stagingRow: null, file: null },
      { row: 4, transaction: null, stagingRow: null, file: null },
      { row: 5, transaction: null, stagingRow: null, file: null },
    ]);
  });

  it("flags a row equal to another file's row, pointing at that row and its file, and naming both", async () => {
    const [a, b] = world.accounts.map((x) => x.accountNumber) as [string, string];
    second = await extractOne(
      ctx,
      analyst,
      world,
      'second.csv',
      csvOf([
        [a, '07/11/2026', 'Deposit', '100.00'],
        [a, '07/12/2026', 'Deposit', '100.00'],
        [b, '07/11/2026', 'Deposit', '100.00'],
      ]),
    );
    expect(second.extractionMessage).toBe(
      '3 rows staged for 2 accounts. 1 row is a possible duplicate: row 2 matches row 3 of first.csv by ' +
        'date, amount and description. Keep or drop it in Edit/Inspect/Validate Transactions before the ' +
        'account is validated.',
    );
    const [deposit] = (await selectStagedTransactions(ctx, first.batchFileId)).filter(
      (s) => s.rowNumber === 3,
    );
    expect(flagsOf(await selectStagedTransactions(ctx, second.batchFileId))).toEqual([
      { row: 2, transaction: null, stagingRow: deposit!.stagingTransactionId, file: first.batchFileId },
      { row: 3, transaction: null, stagingRow: null, file: null },
      { row: 4, transaction: null, stagingRow: null, file: null },
    ]);
  });

  it('clears the pointers to a file whose rows were replaced, so no flag names a file that is gone', async () => {
    const a = world.accounts[0]!.accountNumber;
    const replacement = await extractOne(
      ctx,
      analyst,
      world,
      'first.csv',
      csvOf([[a, '07/20/2026', 'Something else', '1.00']]),
      true,
    );
    expect(replacement.extractionMessage).toBe('1 row staged for 1 account.');
    expect(flagsOf(await selectStagedTransactions(ctx, second.batchFileId))[0]).toEqual({
      row: 2,
      transaction: null,
      stagingRow: null,
      file: null,
    });
  });
});

describe("a file's message with many possible duplicates", () => {
  it('names the first few matches, sheets included, and counts the rest', () => {
    const match = (rowNumber: number, otherRowNumber: number) => ({
      rule: 'match' as const,
      rowNumber,
      sheetName: 'July',
      transactionId: null,
      otherRowNumber,
      otherSheetName: null,
      otherFileName: 'june.csv',
    });
    const staged = { rowCount: 12, isTransactions: true, accounts: new Map(), statements: [] };
    expect(describeStaged(staged, { count: 7, matches: [match(2, 9), match(3, 10), match(4, 11)] }, [])).toBe(
      '12 rows staged for 0 accounts. 7 rows are possible duplicates: row 2 of sheet July matches row 9 of ' +
        'june.csv by date, amount and description; row 3 of sheet July matches row 10 of june.csv by date, ' +
        'amount and description; row 4 of sheet July matches row 11 of june.csv by date, amount and ' +
        'description (and 4 more). Keep or drop them in Edit/Inspect/Validate Transactions before the ' +
        'account is validated.',
    );
  });
});

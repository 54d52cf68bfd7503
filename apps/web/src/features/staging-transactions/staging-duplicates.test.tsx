import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { DUPLICATE_MSG } from '@tideline/contracts/staging-transactions/staging-duplicates.schemas';
import { UI_TEST_TIMEOUT } from '../../test/ui-test-timeout';
import {
  duplicateOf,
  findRow,
  findTable,
  inspectCalls,
  openDialog,
  rowOf,
} from './staging-transactions.fixtures';

// Issue 39 point 2: a possible duplicate is a person's decision (keep or drop, or back to undecided);
// point 4: a row already in the books cannot change in staging.

const ROWS = [
  duplicateOf({ stagingTransactionId: 1 }),
  duplicateOf({ stagingTransactionId: 2, duplicateDecision: 'keep' }),
  duplicateOf({ stagingTransactionId: 3, duplicateDecision: 'drop' }),
  rowOf({ stagingTransactionId: 4 }),
];
const DECIDED = (msg: string) => ({ body: { msg, changedCount: 1 } });
const PATH = '/api/transactions/staging/duplicates';

type Opened = ReturnType<typeof openDialog>;
const bodiesOf = (api: Opened['api']) => api.calls.filter((c) => c.path === PATH).map((c) => c.body);

async function menuOf(user: Opened['user'], text: string): Promise<string[]> {
  await user.click(within(await findRow(text)).getByRole('button', { name: /^Actions for/ }));
  const items = within(await screen.findByRole('menu')).getAllByRole('menuitem');
  const labels = items.map(
    (i) => `${i.textContent}${i.getAttribute('aria-disabled') === 'true' ? ' (disabled)' : ''}`,
  );
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  return labels;
}

describe('possible duplicates in the staging transactions dialog', { timeout: UI_TEST_TIMEOUT }, () => {
  it('shows each flagged row its decision and why it was flagged', async () => {
    openDialog(ROWS);
    const cellOf = async (text: string) => {
      const row = await findRow(text);
      const header = within(await findTable()).getByRole('columnheader', { name: /Possible Duplicate/ });
      const index = [...header.parentElement!.children].indexOf(header);
      return row.children[index] as HTMLElement;
    };
    expect((await cellOf('Item 1')).textContent).toBe(
      'UndecidedPossible duplicate: Same date, amount and description as transaction 881 in the books: 1 row alike in this file, 1 row alike in the books.',
    );
    expect(within(await cellOf('Item 2')).getByText('Kept')).toBeTruthy();
    expect(within(await cellOf('Item 3')).getByText('Dropped')).toBeTruthy();
    expect((await cellOf('Item 4')).textContent).toBe('');
  });

  it('offers Keep, Drop and Mark Undecided by the decision, and sends the row', async () => {
    const { api, user } = openDialog(ROWS, undefined, { [`PUT ${PATH}`]: DECIDED(DUPLICATE_MSG.kept) });
    expect(await menuOf(user, 'Item 1')).toEqual(['Edit', 'Validate', 'Keep', 'Drop']);
    expect(await menuOf(user, 'Item 2')).toEqual(['Edit', 'Validate', 'Drop', 'Mark Undecided']);
    expect(await menuOf(user, 'Item 3')).toEqual(['Edit', 'Validate', 'Keep', 'Mark Undecided']);
    expect(await menuOf(user, 'Item 4')).toEqual(['Edit', 'Validate']);

    await user.click(within(await findRow('Item 1')).getByRole('button', { name: /^Actions for/ }));
    const listCalls = inspectCalls(api).length;
    await user.click(await screen.findByRole('menuitem', { name: 'Keep' }));
    expect(await screen.findByText(DUPLICATE_MSG.kept)).toBeTruthy();
    expect(bodiesOf(api)).toEqual([{ decision: 'keep', stagingTransactionIds: [1] }]);
    await waitFor(() => expect(inspectCalls(api).length).toBeGreaterThan(listCalls));
  });

  it('sends Mark Undecided as undecided, and shows the failure', async () => {
    const { api, user } = openDialog(ROWS, undefined, { [`PUT ${PATH}`]: { status: 500, body: {} } });
    await user.click(within(await findRow('Item 3')).getByRole('button', { name: /^Actions for/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Mark Undecided' }));
    expect(await screen.findByText(DUPLICATE_MSG.decideFailed)).toBeTruthy();
    expect(bodiesOf(api)).toEqual([{ decision: 'undecided', stagingTransactionIds: [3] }]);
  });

  it('Keep all and Drop all send the possible duplicates ticked, then clear the selection', async () => {
    const { api, user } = openDialog(ROWS, undefined, {
      [`PUT ${PATH}`]: ({ body }) =>
        DECIDED(
          (body as { decision: string }).decision === 'drop' ? DUPLICATE_MSG.dropped : DUPLICATE_MSG.kept,
        ),
    });
    for (const text of ['Item 1', 'Item 3', 'Item 4'])
      await user.click(within(await findRow(text)).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Drop all' }));
    expect(await screen.findByText(DUPLICATE_MSG.dropped)).toBeTruthy();
    expect(bodiesOf(api)).toEqual([{ decision: 'drop', stagingTransactionIds: [1, 3] }]);
    await waitFor(() => expect(screen.queryByText(/selected$/)).toBeNull());

    await user.click(within(await findRow('Item 2')).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Keep all' }));
    expect(await screen.findByText(DUPLICATE_MSG.kept)).toBeTruthy();
    expect(bodiesOf(api).at(-1)).toEqual({ decision: 'keep', stagingTransactionIds: [2] });
  });

  it('says so and sends nothing when no ticked row is a possible duplicate', async () => {
    const { api, user } = openDialog(ROWS);
    await user.click(within(await findRow('Item 4')).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Keep all' }));
    expect(await screen.findByText('None of the selected rows is a possible duplicate.')).toBeTruthy();
    expect(bodiesOf(api)).toEqual([]);
  });

  it("the quick filter 'Duplicates to decide' lists the undecided ones", async () => {
    const { api, user } = openDialog(ROWS);
    await findRow('Item 4');
    await user.click(screen.getByRole('button', { name: 'Duplicates to decide' }));
    await waitFor(() =>
      expect(inspectCalls(api).at(-1)?.body).toMatchObject({
        pageSize: 50,
        filters: [{ id: 'duplicateDecision', value: 'undecided' }],
      }),
    );
    const table = await findTable();
    await waitFor(() => expect(within(table).queryByText('Item 4')).toBeNull());
    expect(within(table).getByText('Item 1')).toBeTruthy();
    expect(screen.getByText('Duplicate Decision: Undecided')).toBeTruthy();
  });

  it('opens on the duplicates to decide when asked to', async () => {
    const { api } = openDialog(ROWS, undefined, {}, 'duplicates-to-decide');
    await findRow('Item 1');
    expect(inspectCalls(api).map((c) => c.body)).toContainEqual(
      expect.objectContaining({ pageSize: 50, filters: [{ id: 'duplicateDecision', value: 'undecided' }] }),
    );
    expect(screen.getByRole('button', { name: 'Duplicates to decide' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
  });
});

describe('rows already in the books', { timeout: UI_TEST_TIMEOUT }, () => {
  const BOOKED = [
    duplicateOf({
      stagingTransactionId: 1,
      isBooked: true,
      validationStatus: 'Yes',
      duplicateDecision: 'keep',
    }),
    rowOf({ stagingTransactionId: 2 }),
  ];
  const REASON = "In the books: change it in the account's Transactions.";

  it('are marked, cannot be ticked, and their actions are disabled with the reason', async () => {
    const { user } = openDialog(BOOKED);
    const row = await findRow('Item 1');
    await user.hover(within(row).getByText('In the books'));
    expect((await screen.findByRole('tooltip')).textContent).toBe(REASON);
    await user.unhover(within(row).getByText('In the books'));
    expect(within(row).queryByRole('checkbox')).toBeNull();
    expect(within(await findRow('Item 2')).getByRole('checkbox')).toBeTruthy();
    expect(await menuOf(user, 'Item 1')).toEqual([
      `Edit${REASON} (disabled)`,
      `Invalidate${REASON} (disabled)`,
      `Drop${REASON} (disabled)`,
      `Mark Undecided${REASON} (disabled)`,
    ]);
    expect(await menuOf(user, 'Item 2')).toEqual(['Edit', 'Validate']);
  });
});

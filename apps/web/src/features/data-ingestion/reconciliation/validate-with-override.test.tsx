import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import Dialog from '@mui/material/Dialog';
import { RECONCILIATION_MSG } from '@tideline/contracts/data-ingestion/reconciliation.schemas';
import { UI_TEST_TIMEOUT } from '../../../test/ui-test-timeout';
import { ALL_ACTIONS, chooseAction, menuOf, openValidateDialog } from '../batch-validation.fixtures';
import { batchAccountOf, reconciliationOf } from '../data-ingestion.fixtures';
import type { RenderStagingDialog } from '../ingestion-slots';

// Issue 39 points 1 and 2 at Validate: an account that does not reconcile is validated only with a
// reason; one with undecided possible duplicates is sent to decide them first.

const OFF =
  'The statement of 07/01/2026–07/31/2026 in july.csv: the opening balance $1,000.00 plus its 12 rows ($1,500.50) gives $2,500.50, but the closing balance is $2,600.50: a difference of $100.00.';
const NO_CLOSING = 'The statement of 08/01/2026–08/31/2026 in aug.csv states no closing balance.';
const NOT_RECONCILED = batchAccountOf({
  batchAccountId: 2,
  fileIdList: [61],
  reconciliation: reconciliationOf({
    status: 'Not Reconciled',
    explanation: OFF,
    problems: [OFF, NO_CLOSING],
  }),
});
const UNSTATED = batchAccountOf({
  batchAccountId: 2,
  fileIdList: [61],
  reconciliation: reconciliationOf({ status: 'Unstated', explanation: NO_CLOSING, problems: [NO_CLOSING] }),
});
const PATH = '/api/data-ingestion/accounts/validate';
const VALIDATED = { body: { msg: 'Batch account(s) validated successfully.', accounts: [] } };
const LABEL = 'Operating - 0001234';

type Opened = Awaited<ReturnType<typeof openValidateDialog>>;
const bodiesOf = (api: Opened['api']) => api.calls.filter((c) => c.path === PATH).map((c) => c.body);

async function openOverride(opened: Opened) {
  await chooseAction(opened.user, opened.table, LABEL, 'Validate');
  return screen.findByRole('dialog', { name: RECONCILIATION_MSG.overrideTitle });
}

describe('Validate without reconciling', { timeout: UI_TEST_TIMEOUT }, () => {
  it('shows what the reconciliation found and requires a reason before sending anything', async () => {
    const opened = await openValidateDialog(ALL_ACTIONS, { accounts: [NOT_RECONCILED] });
    const dialog = await openOverride(opened);
    expect(within(dialog).getByText(/^Operating - 0001234 does not reconcile\./)).toBeTruthy();
    expect(within(dialog).getByText('Not Reconciled')).toBeTruthy();
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([OFF, NO_CLOSING]);
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    await waitFor(() => expect(document.activeElement).toBe(reason));

    await opened.user.click(within(dialog).getByRole('button', { name: 'Validate with override' }));
    expect(within(dialog).getByText(RECONCILIATION_MSG.overrideReasonRequired)).toBeTruthy();
    expect(reason.getAttribute('aria-invalid')).toBe('true');
    // Blanks are no reason.
    await opened.user.type(reason, '   ');
    await opened.user.click(within(dialog).getByRole('button', { name: 'Validate with override' }));
    expect(within(dialog).getByText(RECONCILIATION_MSG.overrideReasonRequired)).toBeTruthy();
    expect(bodiesOf(opened.api)).toEqual([]);

    await opened.user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: RECONCILIATION_MSG.overrideTitle })).toBeNull(),
    );
    expect(bodiesOf(opened.api)).toEqual([]);
  });

  it('sends the reason; a refusal keeps what was typed and shows the server msg', async () => {
    const refusal =
      'Operating has 2 possible duplicates to decide: keep or drop them in Edit/Inspect/Validate Transactions first.';
    let answer: { status?: number; body: object } = { status: 409, body: { msg: refusal } };
    const opened = await openValidateDialog(ALL_ACTIONS, {
      accounts: [NOT_RECONCILED],
      routes: { [`PUT ${PATH}`]: () => answer },
    });
    const dialog = await openOverride(opened);
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    await opened.user.type(reason, '  The bank corrected the closing balance by letter of 08/04.  ');
    await opened.user.click(within(dialog).getByRole('button', { name: 'Validate with override' }));

    expect(await within(dialog).findByText(refusal)).toBeTruthy();
    expect((reason as HTMLTextAreaElement).value).toBe(
      '  The bank corrected the closing balance by letter of 08/04.  ',
    );
    expect(bodiesOf(opened.api)).toEqual([
      {
        accounts: [
          { batchAccountId: 2, overrideReason: 'The bank corrected the closing balance by letter of 08/04.' },
        ],
      },
    ]);

    answer = VALIDATED;
    await opened.user.click(within(dialog).getByRole('button', { name: 'Validate with override' }));
    expect(await screen.findByText('Batch account(s) validated successfully.')).toBeTruthy();
    await waitFor(() =>
      expect(screen.queryByRole('dialog', { name: RECONCILIATION_MSG.overrideTitle })).toBeNull(),
    );
    expect(bodiesOf(opened.api)).toHaveLength(2);
  });

  it('asks for a reason on an Unstated account too, and Ctrl+Enter sends it', async () => {
    const opened = await openValidateDialog(ALL_ACTIONS, {
      accounts: [UNSTATED],
      routes: { [`PUT ${PATH}`]: VALIDATED },
    });
    const dialog = await openOverride(opened);
    expect(within(dialog).getByText(/cannot be reconciled: a file states no balance/)).toBeTruthy();
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    await opened.user.type(reason, 'Statement balances confirmed on the bank portal.');
    await opened.user.keyboard('{Control>}{Enter}{/Control}');
    expect(await screen.findByText('Batch account(s) validated successfully.')).toBeTruthy();
    expect(bodiesOf(opened.api)).toEqual([
      {
        accounts: [{ batchAccountId: 2, overrideReason: 'Statement balances confirmed on the bank portal.' }],
      },
    ]);
  });

  it('validates a reconciled account at once, and toasts the server msg of a refusal', async () => {
    const refusal = RECONCILIATION_MSG.undecidedDuplicates('Operating', 4);
    const opened = await openValidateDialog(ALL_ACTIONS, {
      accounts: [batchAccountOf({ batchAccountId: 2, fileIdList: [61] })],
      routes: { [`PUT ${PATH}`]: { status: 409, body: { msg: refusal } } },
    });
    await chooseAction(opened.user, opened.table, LABEL, 'Validate');
    expect(await screen.findByText(refusal)).toBeTruthy();
    expect(screen.queryByRole('dialog', { name: RECONCILIATION_MSG.overrideTitle })).toBeNull();
    expect(bodiesOf(opened.api)).toEqual([{ accounts: [{ batchAccountId: 2 }] }]);
  });
});

describe('Validate with undecided possible duplicates', { timeout: UI_TEST_TIMEOUT }, () => {
  const WITH_DUPLICATES = batchAccountOf({
    batchAccountId: 2,
    fileIdList: [61],
    duplicates: { undecided: 4, kept: 0, dropped: 1 },
  });
  const transactions: RenderStagingDialog = ({ batchAccountIds, view }, onClose) => (
    <Dialog open aria-labelledby="staging-title">
      <h2 id="staging-title">Staging transactions</h2>
      {`${batchAccountIds.join(',')} ${view ?? 'all'}`}
      <button onClick={onClose}>Close staging</button>
    </Dialog>
  );

  it('disables Validate, says why, and offers to decide them in the transactions', async () => {
    const opened = await openValidateDialog(ALL_ACTIONS, {
      accounts: [WITH_DUPLICATES],
      staging: { transactions },
    });
    expect(await menuOf(opened.user, opened.table, LABEL)).toEqual([
      'ValidateDecide its 4 possible duplicates first. (disabled)',
      'Decide Possible Duplicates',
      'Edit/Inspect/Validate Transactions',
      'Download Source',
      'Ignore Account',
      'Delete',
    ]);
    await opened.user.click(screen.getByRole('menuitem', { name: 'Decide Possible Duplicates' }));
    const staging = await screen.findByRole('dialog', { name: 'Staging transactions' });
    expect(within(staging).getByText('2 duplicates-to-decide')).toBeTruthy();
    expect(bodiesOf(opened.api)).toEqual([]);
  });
});

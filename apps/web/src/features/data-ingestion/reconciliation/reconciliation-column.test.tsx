import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from '../../../app/theme';
import { UI_TEST_TIMEOUT } from '../../../test/ui-test-timeout';
import { ALL_ACTIONS, openValidateDialog, rowOf } from '../batch-validation.fixtures';
import { batchAccountOf, batchOf, reconciliationOf, statementOf } from '../data-ingestion.fixtures';
import { DifferenceCell } from './reconciled-statement-columns';

// Issue 39 point 1: the Validate Batch dialog's Reconciliation column, and the statements its chip
// opens: each statement's opening, rows, staged sum, closing and difference.

const BREAK =
  'The statement of 08/01/2026–08/31/2026 in aug.csv opens at $2,600.50, but the statement of 07/01/2026–07/31/2026 in july.csv closed at $2,500.50: a break of $100.00.';
const OFF =
  'The statement of 08/01/2026–08/31/2026 in aug.csv: the opening balance $2,600.50 plus its 3 rows (-$50.00) gives $2,550.50, but the closing balance is $2,575.50: a difference of $25.00.';

const RECONCILED = batchAccountOf({ batchAccountId: 2, fileIdList: [61], status: 'Validated' });
const BROKEN = batchAccountOf({
  batchAccountId: 5,
  accountName: 'Payroll',
  account: '0009',
  fileIdList: [61, 62],
  startBalance: 1000,
  endBalance: 2575.5,
  reconciliation: reconciliationOf({
    status: 'Not Reconciled',
    explanation: BREAK,
    problems: [BREAK, OFF],
    statements: [
      statementOf(),
      statementOf({
        batchFileId: 62,
        fileName: 'aug.csv',
        statementRef: 'ST-0826',
        fromDate: '2026-08-01',
        toDate: '2026-08-31',
        openingBalance: 2600.5,
        closingBalance: 2575.5,
        rowCount: 3,
        stagedSum: -50,
        difference: 25,
        balanceSource: 'balance column',
      }),
    ],
  }),
  duplicates: { undecided: 4, kept: 1, dropped: 0 },
});
const UNSTATED = batchAccountOf({
  batchAccountId: 6,
  accountName: 'Sweep',
  account: '0007',
  startBalance: null,
  endBalance: null,
  reconciliation: reconciliationOf({
    status: 'Unstated',
    explanation: 'The statement of 07/01/2026–07/31/2026 in sweep.csv states no opening or closing balance.',
    problems: ['The statement of 07/01/2026–07/31/2026 in sweep.csv states no opening or closing balance.'],
    statements: [
      statementOf({
        fileName: 'sweep.csv',
        openingBalance: null,
        closingBalance: null,
        balanceSource: 'none',
        difference: null,
      }),
    ],
  }),
  duplicates: { undecided: 1, kept: 0, dropped: 0 },
});
const INVESTMENT = batchAccountOf({
  batchAccountId: 7,
  accountName: 'Ladder',
  account: '0011',
  reconciliation: null,
});

/** The cell of a row under a header. */
function cellOf(table: HTMLElement, label: string, header: string): HTMLElement {
  const headers = within(table).getAllByRole('columnheader');
  const index = headers.findIndex((h) => h.textContent === header);
  return rowOf(table, label).children[index] as HTMLElement;
}

describe('Validate Batch dialog: the Reconciliation column', { timeout: UI_TEST_TIMEOUT }, () => {
  it('shows the status, its explanation and the duplicates to decide, after End Balance', async () => {
    const { table } = await openValidateDialog(ALL_ACTIONS, {
      accounts: [RECONCILED, BROKEN, UNSTATED, INVESTMENT],
    });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers.indexOf('Reconciliation')).toBe(headers.indexOf('End Balance') + 1);

    const reconciled = cellOf(table, 'Operating - 0001234', 'Reconciliation');
    expect(within(reconciled).getByRole('button', { name: /^Reconciled: statements of/ })).toBeTruthy();
    expect(
      within(reconciled).getByText(/gives the closing balance \$2,500\.50, to the cent\.$/),
    ).toBeTruthy();
    expect(within(reconciled).queryByText(/to decide$/)).toBeNull();

    const broken = cellOf(table, 'Payroll - 0009', 'Reconciliation');
    expect(
      within(broken).getByRole('button', { name: 'Not Reconciled: statements of Payroll - 0009' }),
    ).toBeTruthy();
    expect(within(broken).getByText(BREAK)).toBeTruthy();
    expect(within(broken).getByText('4 duplicates to decide')).toBeTruthy();
    expect(cellOf(table, 'Payroll - 0009', 'Start Balance').textContent).toBe('$1,000.00');
    expect(cellOf(table, 'Payroll - 0009', 'End Balance').textContent).toBe('$2,575.50');

    const unstated = cellOf(table, 'Sweep - 0007', 'Reconciliation');
    expect(within(unstated).getByText('Unstated')).toBeTruthy();
    expect(within(unstated).getByText('1 duplicate to decide')).toBeTruthy();
    expect(cellOf(table, 'Ladder - 0011', 'Reconciliation').textContent).toBe('—');
  });

  it('has no Reconciliation column on a treasury batch', async () => {
    const treasury = batchOf({ batchId: 22, templateType: 'Treasury', accountName: 'Reserve Group' });
    const fees = batchAccountOf({
      batchAccountId: 9,
      batchId: 22,
      accountName: null,
      account: null,
      type: 'Fees',
      reconciliation: null,
    });
    const { table } = await openValidateDialog(ALL_ACTIONS, { batch: treasury, accounts: [fees] });
    expect(within(table).queryByRole('columnheader', { name: 'Reconciliation' })).toBeNull();
  });

  it("the chip opens the account's statements: every problem, each statement's figures", async () => {
    const { user, table } = await openValidateDialog(ALL_ACTIONS, { accounts: [BROKEN] });
    await user.click(within(table).getByRole('button', { name: /^Not Reconciled: statements of/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Reconciliation: Payroll - 0009' });
    expect(within(dialog).getByText('2 problems found')).toBeTruthy();
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([BREAK, OFF]);

    const statements = within(dialog).getByRole('table', { name: 'Statements' });
    expect(
      within(statements)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['File', 'Period', 'Opening', 'Rows', 'Staged Sum', 'Closing', 'Difference', 'Balance Source']);
    const august = within(statements).getByText('aug.csv').closest('tr')!;
    expect([...august.children].map((td) => td.textContent)).toEqual([
      'aug.csvStatement ST-0826',
      '08/01/2026 – 08/31/2026',
      '$2,600.50',
      '3',
      '-$50.00',
      '$2,575.50',
      '$25.00',
      'Balance column',
    ]);
    // Figures right-aligned, as a reconciliation reads.
    for (const index of [2, 3, 4, 5, 6])
      expect(august.children[index]!.className).toMatch(/MuiTableCell-alignRight/);
    const july = within(statements).getByText('july.csv').closest('tr')!;
    expect(july.children[6]!.textContent).toBe('$0');
    expect(july.children[7]!.textContent).toBe('Bank statement');
  });

  it('shows an override that validated the account anyway', async () => {
    const overridden = batchAccountOf({
      batchAccountId: 3,
      status: 'Validated',
      reconciliation: reconciliationOf({
        status: 'Not Reconciled',
        explanation: OFF,
        problems: [OFF],
        override: {
          reason: 'The bank corrected the August closing balance by letter.',
          summary: OFF,
          userName: 'Ana Silva',
          at: '2026-09-02T15:00:00.000Z',
        },
      }),
    });
    const { user, table } = await openValidateDialog(ALL_ACTIONS, { accounts: [overridden] });
    expect(within(table).getByText('Validated with an override')).toBeTruthy();
    await user.click(within(table).getByRole('button', { name: /^Not Reconciled: statements of/ }));
    const dialog = await screen.findByRole('dialog', { name: /^Reconciliation: / });
    expect(within(dialog).getByText('Validated without reconciling by Ana Silva on 09/02/2026')).toBeTruthy();
    expect(
      within(dialog).getByText('Reason: The bank corrected the August closing balance by letter.'),
    ).toBeTruthy();
    expect(within(dialog).getByText(`The reconciliation said: ${OFF}`)).toBeTruthy();
  });
});

describe('a statement difference', () => {
  const colorOf = (difference: number | null) => {
    const { container, unmount } = render(
      <ThemeProvider theme={theme}>
        <DifferenceCell difference={difference} />
      </ThemeProvider>,
    );
    const shown = container.textContent;
    const span = container.querySelector('span');
    const color = span ? getComputedStyle(span).color : '';
    unmount();
    return { shown, color };
  };

  it("is red when it is not zero, plain at zero, '---' when a balance is not stated", () => {
    expect(colorOf(25)).toEqual({ shown: '$25.00', color: 'rgb(198, 40, 40)' });
    expect(colorOf(-0.01).shown).toBe('-$0.01');
    expect(colorOf(0).shown).toBe('$0');
    expect(colorOf(0).color).not.toBe('rgb(198, 40, 40)');
    expect(colorOf(null).shown).toBe('---');
  });
});

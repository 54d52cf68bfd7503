import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MSG } from '@tideline/contracts/common/messages';
import { CASH_VEST_MSG, CASH_VEST_SUB_SCORES } from '@tideline/contracts/cash-vest/cash-vest.schemas';
import { describeOutOfRange, findPickerLimits } from '../../components/date-limits';
import { fakeApi, type FakeHandler, type FakeResponse } from '../../test/fake-api';
import { UI_TEST_TIMEOUT } from '../../test/ui-test-timeout';
import { CashVestWizard } from './cash-vest-wizard';
import { historyRowOf, renderSignedIn, subScoresOf, suggestionOf } from './cash-vest.fixtures';

// The 5-page edit wizard (spec 2, 5): whole numbers of each range, prefilled with the suggestion and
// its figures, the pages totalling up to the overall score, 'Required!' on the page that lacks a score,
// and a failed save that keeps what was typed.

const ROW = historyRowOf({ cashVestId: 5 });
const SUGGESTED = [14, 20, null, 12, 6];
const SUGGESTION_URL = '/api/analytics/cash-vest/suggestion/5?startDate=2025-01-01&endDate=2025-03-31';

function renderWizard(put: FakeHandler | FakeResponse = { body: {} }) {
  const onClose = vi.fn();
  const api = fakeApi({
    'POST /api/auth/refresh': { body: { accessToken: 'at', expiresIn: 900 } },
    'GET /api/analytics/cash-vest/sub-scores/5': { body: subScoresOf({ cashVestId: 5 }) },
    'GET /api/accounts/groups/list/7': { body: [{ label: 'All Accounts', value: 40, isAllAccounts: true }] },
    [`GET ${SUGGESTION_URL}&checklist=`]: { body: suggestionOf(5, SUGGESTED) },
    [`GET ${SUGGESTION_URL}&checklist=collateral`]: { body: suggestionOf(5, [14, 20, null, 12, 8]) },
    'PUT /api/analytics/cash-vest/update/5': put,
  });
  renderSignedIn(<CashVestWizard clientId={7} row={ROW} onClose={onClose} />, [
    'VIEW_CASH_VEST_SCORES',
    'EDIT_CASH_VEST_SCORES',
  ]);
  return { api, onClose, user: userEvent.setup({ delay: null }) };
}

const dialog = () => screen.getByRole('dialog', { name: 'Edit cashVest Score' });
const scoreBox = (index: number) => {
  const def = CASH_VEST_SUB_SCORES[index]!;
  return within(dialog()).getByRole('combobox', { name: `${def.title} (${def.min} to ${def.max})` });
};
async function goTo(user: ReturnType<typeof userEvent.setup>, index: number) {
  await user.click(within(dialog()).getByRole('button', { name: CASH_VEST_SUB_SCORES[index]!.title }));
}
async function choose(user: ReturnType<typeof userEvent.setup>, index: number, value: number) {
  await goTo(user, index);
  await user.click(scoreBox(index));
  await user.click(await screen.findByRole('option', { name: new RegExp(`^${value}( \\(suggested\\))?$`) }));
}

describe('cashVest edit wizard', { timeout: UI_TEST_TIMEOUT }, () => {
  it('offers the whole numbers of each range, prefilled with the suggestion and its figures', async () => {
    const { user } = renderWizard();
    await waitFor(() => expect(scoreBox(0).textContent).toBe('14 (suggested)'));
    for (const [index, def] of CASH_VEST_SUB_SCORES.entries()) {
      await goTo(user, index);
      expect(within(dialog()).getByText(`Page ${index + 1} of 5: ${def.title}`)).toBeTruthy();
      await user.click(scoreBox(index));
      const options = within(screen.getByRole('listbox')).getAllByRole('option');
      expect(options.map((o) => Number.parseInt(o.textContent!, 10))).toEqual(
        Array.from({ length: def.max - def.min + 1 }, (_, i) => def.min + i),
      );
      await user.keyboard('{Escape}');
      const figures = within(dialog()).getByRole('table', { name: 'The figures behind the suggestion' });
      expect(within(figures).getByText(`${def.title} balance`)).toBeTruthy();
      expect(within(figures).getByText('$600,000.00')).toBeTruthy();
    }
    // The Warnick page has no suggestion: it says what is missing and stays empty.
    await goTo(user, 2);
    expect(
      within(dialog()).getByText('Warnick Potential Rate Indicator needs liquidity levels.'),
    ).toBeTruthy();
    expect(scoreBox(2).textContent).not.toMatch(/\d/);
  });

  it('totals the five pages into the overall score', async () => {
    const { user } = renderWizard();
    await waitFor(() => expect(scoreBox(0).textContent).toBe('14 (suggested)'));
    expect(within(dialog()).getByText('--- / 100')).toBeTruthy();
    await choose(user, 2, 9);
    expect(within(dialog()).getByText('61 / 100')).toBeTruthy();
    await choose(user, 0, 20);
    expect(within(dialog()).getByText('67 / 100')).toBeTruthy();
  });

  it("says 'Required!' on the page without a score and sends nothing", async () => {
    const { api, user } = renderWizard();
    await waitFor(() => expect(scoreBox(0).textContent).toBe('14 (suggested)'));
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(await within(dialog()).findByText('Page 3 of 5: Warnick Potential Rate Indicator')).toBeTruthy();
    expect(within(dialog()).getByText(MSG.required)).toBeTruthy();
    expect(api.callsTo('PUT', '/api/analytics/cash-vest/update/5')).toBe(0);
  });

  it('offers 20 years back and forward and refuses a date typed 21 years back', async () => {
    const { api, user } = renderWizard();
    await waitFor(() => expect(scoreBox(0).textContent).toBe('14 (suggested)'));
    await choose(user, 2, 9);
    const limits = findPickerLimits();
    const [start, end] = [/Start Date/, /End Date/].map(
      (label) => within(dialog()).getByLabelText(label) as HTMLInputElement,
    ) as [HTMLInputElement, HTMLInputElement];
    for (const input of [start, end]) expect([input.min, input.max]).toEqual([limits.min, limits.max]);
    fireEvent.change(start, { target: { value: `${new Date().getFullYear() - 21}-01-01` } });
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(await within(dialog()).findByText(describeOutOfRange(limits))).toBeTruthy();
    expect(start.getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('PUT', '/api/analytics/cash-vest/update/5')).toBe(0);
  });

  it('asks for a new suggestion when a checklist element is ticked', async () => {
    const { user } = renderWizard();
    await waitFor(() => expect(scoreBox(0).textContent).toBe('14 (suggested)'));
    await goTo(user, 4);
    await waitFor(() => expect(scoreBox(4).textContent).toBe('6 (suggested)'));
    await user.click(within(dialog()).getByRole('checkbox', { name: 'Collateral' }));
    expect(await within(dialog()).findByText('Suggested: 8 (of 1 to 10)')).toBeTruthy();
    // A score already chosen is not overwritten; the analyst takes the new one by choice.
    expect(scoreBox(4).textContent).toBe('6');
    await user.click(within(dialog()).getByRole('button', { name: 'Use suggestion' }));
    expect(scoreBox(4).textContent).toBe('8 (suggested)');
  });

  it('keeps what was typed when the save fails, and shows the server’s message', async () => {
    const message = CASH_VEST_MSG.rangeRule('Value Score', 2, 20);
    const { api, onClose, user } = renderWizard({
      status: 400,
      body: { msg: `cashVest.valueScore: ${message}`, fieldErrors: { 'cashVest.valueScore': [message] } },
    });
    await waitFor(() => expect(scoreBox(0).textContent).toBe('14 (suggested)'));
    await choose(user, 2, 9);
    await goTo(user, 3);
    await user.type(
      within(dialog()).getByRole('textbox', { name: 'Cash Flow Optimization Commentary' }),
      'Fees high.',
    );
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(`cashVest.valueScore: ${message}`)).toBeTruthy();
    expect(within(dialog()).getByText('Page 1 of 5: Value Score')).toBeTruthy();
    expect(within(dialog()).getByText(message)).toBeTruthy();
    expect(scoreBox(0).textContent).toBe('14 (suggested)');
    expect(onClose).not.toHaveBeenCalled();
    const put = api.calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toMatchObject({
      cashVest: {
        startDate: '2025-01-01',
        endDate: '2025-03-31',
        valueScore: 14,
        liquidityProf: 20,
        warnickRate: 9,
        cashflow: 12,
        investment: 6,
        cashflowComments: 'Fees high.',
        valueScoreComments: null,
      },
    });
    await goTo(user, 3);
    expect(
      (
        within(dialog()).getByRole('textbox', {
          name: 'Cash Flow Optimization Commentary',
        }) as HTMLTextAreaElement
      ).value,
    ).toBe('Fees high.');
  });

  it('closes after a successful save', async () => {
    const { onClose, user } = renderWizard({
      body: { msg: CASH_VEST_MSG.updated, cashVest: subScoresOf({ cashVestId: 5 }) },
    });
    await waitFor(() => expect(scoreBox(0).textContent).toBe('14 (suggested)'));
    await choose(user, 2, 9);
    await user.click(within(dialog()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(await screen.findByText(CASH_VEST_MSG.updated)).toBeTruthy();
  });
});

import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { MSG } from '@tideline/contracts/common/messages';
import { LIQUIDITY_LEVELS_MSG } from '@tideline/contracts/monte-carlo/liquidity-levels.schemas';
import { UI_TEST_TIMEOUT } from '../../test/ui-test-timeout';
import { LiquidityLevelsDialog } from './liquidity-levels-dialog';
import { levelsOf, renderWithApi, type Routes } from './monte-carlo.fixtures';

// Spec 4 "Liquidity dialog" and 5 "Liquidity levels": levelOne to levelFive and the cushion required and
// numeric, shortTermDollars numeric, 6 or 12 months (default 6), Restore Defaults from the server, and
// the spec's failure defaults. Each level shows its horizon (analytics.md).

const PUT = 'PUT /api/analytics/monte-carlo/liquidity-levels/40';
const DEFAULTS_12 = 'GET /api/analytics/monte-carlo/liquidity-levels/get/default/3?dateRange=12';

function openDialog(routes: Routes = {}) {
  const onClose = vi.fn();
  const opened = renderWithApi(
    <LiquidityLevelsDialog name="October" levels={levelsOf(3)} onClose={onClose} />,
    undefined,
    routes,
  );
  return { ...opened, onClose };
}
const dialog = () => screen.findByRole('dialog', { name: 'Set Liquidity Levels' });
const field = async (label: string) => within(await dialog()).getByLabelText(label) as HTMLInputElement;

describe('Set Liquidity Levels', { timeout: UI_TEST_TIMEOUT }, () => {
  it('shows each level with its horizon, the cushion and 6 months by default', async () => {
    openDialog();
    expect((await field('Level One (0 to 30 days)')).value).toBe('100000.00');
    expect((await field('Level Two (30 days to 30 weeks)')).value).toBe('200000.00');
    expect((await field('Level Five (30 months and longer)')).value).toBe('250000.00');
    expect((await field('Cushion')).value).toBe('50000.00');
    expect(within(await dialog()).getByRole('combobox', { name: 'Duration Range' }).textContent).toBe(
      '6 months',
    );
  });

  it('requires every level and the cushion, as numbers', async () => {
    const { user, api } = openDialog();
    await user.clear(await field('Level Three (30 weeks to 1 year)'));
    const cushion = await field('Cushion');
    await user.clear(cushion);
    await user.type(cushion, '5,00');
    await user.click(within(await dialog()).getByRole('button', { name: 'Save' }));
    const box = await dialog();
    expect(await within(box).findByText(MSG.required)).toBeTruthy();
    expect(within(box).getByText(MSG.fieldMustBeNumber)).toBeTruthy();
    expect(api.callsTo('PUT', '/api/analytics/monte-carlo/liquidity-levels/40')).toBe(0);
  });

  it('keeps shortTermDollars at level one plus level two while they are typed', async () => {
    const { user } = openDialog();
    const one = await field('Level One (0 to 30 days)');
    await user.clear(one);
    await user.type(one, '90000');
    expect((await field('Short Term Dollars (Level One + Level Two)')).value).toBe('290000.00');
  });

  it('Restore Defaults reloads the defaults of the chosen range from the server', async () => {
    const { user } = openDialog({
      [DEFAULTS_12]: {
        body: levelsOf(3, { dateRange: 12, levelOne: 80_000, cushion: 70_000, shortTermDollars: 280_000 }),
      },
    });
    const box = await dialog();
    await user.clear(await field('Level One (0 to 30 days)'));
    await user.click(within(box).getByRole('combobox', { name: 'Duration Range' }));
    await user.click(await screen.findByRole('option', { name: '12 months' }));
    await user.click(within(box).getByRole('button', { name: 'Restore Defaults' }));
    await waitFor(async () => expect((await field('Level One (0 to 30 days)')).value).toBe('80000.00'));
    expect((await field('Cushion')).value).toBe('70000.00');
    expect(within(box).getByRole('combobox', { name: 'Duration Range' }).textContent).toBe('12 months');
  });

  it('says the reset default when Restore Defaults fails', async () => {
    const { user } = openDialog({
      'GET /api/analytics/monte-carlo/liquidity-levels/get/default/3?dateRange=6': { status: 500, body: {} },
    });
    await user.click(within(await dialog()).getByRole('button', { name: 'Restore Defaults' }));
    expect(await screen.findByText(LIQUIDITY_LEVELS_MSG.resetFailed)).toBeTruthy();
  });

  it('saves the amounts; the server’s rule, or the default, is shown and the form kept', async () => {
    const rule =
      'The five levels and the cushion must add up to the balance on the end date, $1,000,000.00; they add up to $1,010,000.00, $10,000.00 too much.';
    let answer: { status: number; body: object } = { status: 400, body: { msg: rule } };
    const { user, api, onClose } = openDialog({ [PUT]: () => answer });
    const cushion = await field('Cushion');
    await user.clear(cushion);
    await user.type(cushion, '60000');
    const save = within(await dialog()).getByRole('button', { name: 'Save' });
    await user.click(save);
    expect(await screen.findByText(rule)).toBeTruthy();
    answer = { status: 500, body: {} };
    await user.click(save);
    expect(await screen.findByText(LIQUIDITY_LEVELS_MSG.updateFailed)).toBeTruthy();
    expect((await field('Cushion')).value).toBe('60000');
    answer = { status: 200, body: { msg: LIQUIDITY_LEVELS_MSG.updated, levels: levelsOf(3) } };
    await user.click(save);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.calls.filter((c) => c.method === 'PUT').at(-1)?.body).toEqual({
      monteCarlo: {
        levelOne: 100_000,
        levelTwo: 200_000,
        levelThree: 150_000,
        levelFour: 250_000,
        levelFive: 250_000,
        cushion: 60_000,
        shortTermDollars: 300_000,
        dateRange: 6,
        monteCarloId: 3,
      },
    });
  });
});

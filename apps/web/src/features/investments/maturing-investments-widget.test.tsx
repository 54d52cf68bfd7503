import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { MSG } from '@tideline/contracts/common/messages';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../lib/query-client';
import { fakeApi } from '../../test/fake-api';
import { UI_TEST_TIMEOUT } from './investments.fixtures';
import { MaturingInvestmentsWidget } from './maturing-investments-widget';

const WINDOW = { windowStart: '2026-05-01', windowEnd: '2026-07-30', maturityLimitDays: 90 };

function renderWidget(body: unknown) {
  fakeApi({
    'POST /api/auth/refresh': { body: { accessToken: 'at', expiresIn: 900 } },
    'GET /api/clients/maturing-investments/1': { body },
  });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter>
        <MaturingInvestmentsWidget clientId={1} />
      </MemoryRouter>
    </AppProviders>,
  );
}

describe('Maturing Investments widget', { timeout: UI_TEST_TIMEOUT }, () => {
  it('shows 4 rows a page, the totals and the window in its tooltip', async () => {
    const rows = Array.from({ length: 5 }, (_, i) => ({
      id: i + 1,
      investmentId: `CUSIP${i + 1}`,
      investmentType: 'Treasury Bill',
      amount: 100_000 * (i + 1),
      maturityDate: `2026-05-0${i + 1}`,
      accountId: 10,
      accountName: 'General Fund',
    }));
    renderWidget({
      ...WINDOW,
      maturingInvestments: rows,
      totalMaturingInvestments: 5,
      totalAmountMaturingInvestments: 1_500_000,
    });
    const widget = await screen.findByRole('region', { name: 'Maturing Investments' });
    const table = await within(widget).findByRole('table', { name: 'Maturing investments' });
    expect(within(table).getAllByRole('row')).toHaveLength(5); // header + 4
    expect(within(widget).getByText('5 maturing, $1,500,000.00')).toBeTruthy();
    expect(within(table).getByRole('link', { name: 'CUSIP1' }).getAttribute('href')).toBe(
      '/client-management/1/10',
    );
    expect(
      within(widget).getByRole('button', { name: 'Maturing from 05/01/2026 to 07/30/2026' }),
    ).toBeTruthy();
    const user = userEvent.setup({ delay: null });
    await user.click(within(widget).getByRole('button', { name: 'Go to next page' }));
    expect(within(table).getByText('CUSIP5')).toBeTruthy();
    expect(within(table).queryByText('CUSIP1')).toBeNull();
  });

  it('shows the empty state when nothing matures in the window', async () => {
    renderWidget({
      ...WINDOW,
      maturingInvestments: [],
      totalMaturingInvestments: 0,
      totalAmountMaturingInvestments: 0,
    });
    const widget = await screen.findByRole('region', { name: 'Maturing Investments' });
    expect(await within(widget).findByText(MSG.noResultsTitle)).toBeTruthy();
    expect(within(widget).getByText(MSG.noResultsText)).toBeTruthy();
  });
});

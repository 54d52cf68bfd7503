import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { batchAccountOf, batchOf, openReportOf } from '../../features/data-ingestion/data-ingestion.fixtures';
import { openAppAs } from '../../test/open-app';
import { UI_TEST_TIMEOUT } from '../../test/ui-test-timeout';

// Issue 39 point 2 composed in src/app: an account whose Validate waits on undecided possible
// duplicates opens the staging transactions (another feature) on exactly those.

describe('Decide Possible Duplicates', { timeout: UI_TEST_TIMEOUT }, () => {
  it('opens the staging transactions filtered to the duplicates to decide', async () => {
    const { api } = openAppAs(
      '/data-ingestion/1',
      ['VIEW_OPEN_REPORTS', 'VIEW_BATCHES', 'VIEW_ACCOUNT_BATCHES', 'VIEW_STAGING_TRANSACTIONS'],
      {
        'GET /api/data-ingestion/open-reports': {
          body: [openReportOf({ clientId: 1, clientName: 'Acme County' })],
        },
        'GET /api/data-ingestion/batches/all/1': { body: [batchOf({ batchId: 21 })] },
        'GET /api/data-ingestion/accounts/all/21': {
          body: [
            batchAccountOf({
              batchAccountId: 2,
              fileIdList: [61],
              duplicates: { undecided: 3, kept: 0, dropped: 0 },
            }),
          ],
        },
        'GET /api/transactions/keywords': { body: [] },
        'POST /api/transactions/staging/inspect': {
          body: { results: [], pageCount: 1, resultCount: 0, totalCount: 0 },
        },
      },
    );
    const user = userEvent.setup({ delay: null });
    const batches = await screen.findByRole(
      'table',
      { name: 'Batches Ready for Files' },
      { timeout: 20_000 },
    );
    const batch = (await within(batches).findByText('First National')).closest('tr')!;
    await user.click(within(batch).getByRole('button', { name: /^Actions for/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Validate Uploads' }));
    const accounts = await screen.findByRole('table', { name: 'Accounts' });
    const account = (await within(accounts).findByText('Operating - 0001234')).closest('tr')!;
    expect(within(account).getByText('3 duplicates to decide')).toBeTruthy();
    await user.click(within(account).getByRole('button', { name: /^Actions for/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Decide Possible Duplicates' }));

    await screen.findByRole('dialog', { name: /^Validate\/Inspect\/Edit: / }, { timeout: 20_000 });
    await waitFor(() =>
      expect(api.calls.map((c) => c.body)).toContainEqual(
        expect.objectContaining({
          batchAccountIds: [2],
          pageSize: 50,
          filters: [{ id: 'duplicateDecision', value: 'undecided' }],
        }),
      ),
    );
    expect(
      (await screen.findByRole('button', { name: 'Duplicates to decide' })).getAttribute('aria-pressed'),
    ).toBe('true');
  });
});

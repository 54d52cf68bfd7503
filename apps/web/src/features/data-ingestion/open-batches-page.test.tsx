import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Permission } from '@tideline/contracts/access/permissions';
import { OPEN_REPORT_MSG } from '@tideline/contracts/data-ingestion/open-reports.schemas';
import { openAppAs } from '../../test/open-app';
import { UI_TEST_TIMEOUT } from '../../test/ui-test-timeout';
import { openReportOf, type Routes } from './data-ingestion.fixtures';

// Spec 2 "Data ingestion: open batches": header, sub-tabs and their gates, the table and Delete Batch.

const REPORTS = [
  openReportOf({
    clientId: 1,
    clientName: 'Acme County',
    createdAt: '2026-05-01T12:00:00.000Z',
    hasNotes: true,
  }),
  openReportOf({
    clientId: 2,
    clientName: 'Globex Schools',
    createdAt: '2026-06-01T12:00:00.000Z',
    status: 'NOT STARTED',
    collectionType: null,
    sourcesRequired: 0,
  }),
];

function open(permList: Permission[], routes: Routes = {}) {
  const opened = openAppAs('/data-ingestion', ['VIEW_OPEN_REPORTS', ...permList], {
    'GET /api/data-ingestion/open-reports': { body: REPORTS },
    ...routes,
  });
  return { ...opened, user: userEvent.setup({ delay: null }) };
}

const table = () =>
  screen.findByRole('table', { name: 'Clients with Reports in Progress' }, { timeout: 20_000 });
const rowOf = async (name: string) => (await within(await table()).findByText(name)).closest('tr')!;

describe('open batches page', { timeout: UI_TEST_TIMEOUT }, () => {
  it('lists the open reports newest first with notes icon, status colours and both gated tabs', async () => {
    open(['VIEW_BATCHES', 'VIEW_VALIDATION_HISTORY']);
    expect(
      await screen.findByRole('heading', { name: 'Data Ingestion: Open Batches' }, { timeout: 20_000 }),
    ).toBeTruthy();
    // The rows are drawn in a background render after the answer (use-table-data.ts): wait for them.
    const shownTable = await table();
    await waitFor(() =>
      expect(
        within(shownTable)
          .getAllByRole('row')
          .slice(1)
          .map((r) => r.querySelector('td')?.textContent),
      ).toEqual(['Globex Schools', 'Acme CountyHas notes']),
    );
    expect(
      within(await table()).getByRole('columnheader', { name: /Created Date, sorted descending/ }),
    ).toBeTruthy();
    const acme = await rowOf('Acme County');
    expect(within(acme).getByRole('img', { name: 'Has notes' })).toBeTruthy();
    expect(within(await rowOf('Globex Schools')).queryByRole('img', { name: 'Has notes' })).toBeNull();
    expect(within(acme).getByText('05/01/2026')).toBeTruthy();
    const notStarted = within(await rowOf('Globex Schools'))
      .getByText('NOT STARTED')
      .closest('.MuiChip-root')!;
    const inProgress = within(acme).getByText('IN PROGRESS').closest('.MuiChip-root')!;
    expect(getComputedStyle(notStarted).backgroundColor).toBe('rgb(117, 117, 117)');
    expect(getComputedStyle(inProgress).backgroundColor).toBe('rgb(46, 125, 50)');
    expect(screen.getByRole('tab', { name: 'Upload & Validation' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Validation History' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Open Reports' }).getAttribute('href')).toBe(
      '/data-ingestion',
    );
  });

  it('hides each tab and action without its permission', async () => {
    open(['VIEW_VALIDATION_HISTORY']);
    await rowOf('Acme County');
    expect(screen.queryByRole('tab', { name: 'Upload & Validation' })).toBeNull();
    expect(screen.getByRole('tab', { name: 'Validation History' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Actions for Acme County' })).toBeNull();
    expect(screen.queryByRole('columnheader', { name: 'Actions' })).toBeNull();
  });

  it('View Dashboard opens the client upload dashboard on the chosen view', async () => {
    const { user, currentPath, currentSearch } = open(['VIEW_BATCHES', 'VIEW_VALIDATION_HISTORY'], {
      'GET /api/data-ingestion/validation/1': { body: [] },
    });
    await user.click(await screen.findByRole('tab', { name: 'Validation History' }, { timeout: 20_000 }));
    await user.click(
      within(await rowOf('Acme County')).getByRole('button', { name: 'Actions for Acme County' }),
    );
    expect(screen.queryByRole('menuitem', { name: 'Delete Batch' })).toBeNull();
    await user.click(await screen.findByRole('menuitem', { name: 'View Dashboard' }));
    await waitFor(() => expect(currentPath()).toBe('/data-ingestion/1'));
    expect(currentSearch()).toBe('?view=history');
    expect(
      await screen.findByRole('heading', { name: 'Data Ingestion: Dashboard' }, { timeout: 20_000 }),
    ).toBeTruthy();
  });

  it("deletes a client's batch after the spec's question", async () => {
    const { api, user } = open(['DELETE_OPEN_REPORTS'], {
      'DELETE /api/data-ingestion/open-reports/2': {
        body: {
          msg: OPEN_REPORT_MSG.deleted,
          deleted: { batches: 0, batchAccounts: 0, batchFiles: 0, stagingRows: 0, storedFiles: 0 },
        },
      },
    });
    await user.click(
      within(await rowOf('Globex Schools')).getByRole('button', { name: 'Actions for Globex Schools' }),
    );
    expect(screen.queryByRole('menuitem', { name: 'View Dashboard' })).toBeNull();
    await user.click(await screen.findByRole('menuitem', { name: 'Delete Batch' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Batch' });
    expect(within(dialog).getByText("Are you sure you want to delete Globex Schools's batch?")).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(OPEN_REPORT_MSG.deleted)).toBeTruthy();
    expect(api.callsTo('DELETE', '/api/data-ingestion/open-reports/2')).toBe(1);
    await waitFor(() => expect(api.callsTo('GET', '/api/data-ingestion/open-reports')).toBe(2));
  });

  it("says 'Failed to delete open reports' when the server gives no reason", async () => {
    const { user } = open(['DELETE_OPEN_REPORTS'], {
      'DELETE /api/data-ingestion/open-reports/1': { status: 500, body: {} },
    });
    await user.click(
      within(await rowOf('Acme County')).getByRole('button', { name: 'Actions for Acme County' }),
    );
    await user.click(await screen.findByRole('menuitem', { name: 'Delete Batch' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Delete Batch' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText(OPEN_REPORT_MSG.deleteFailed)).toBeTruthy();
  });
});

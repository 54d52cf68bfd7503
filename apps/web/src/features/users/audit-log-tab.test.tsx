import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AuditRow } from '@tideline/contracts/audit/audit.schemas';
import { describeChanges, formatWhen } from './audit-format';
import { findManageUsersHeading, openUserManagement, UI_TEST_TIMEOUT } from './users.fixtures';

const ROW: AuditRow = {
  auditId: 1,
  occurredAt: '2025-03-04T15:07:00.000Z',
  userId: 3,
  actorEmail: 'grace@example.com',
  action: 'user.updated',
  entity: 'user',
  entityId: '7',
  before: { status: 1, roleId: 1 },
  after: { status: 0, roleId: 1 },
  ipAddress: null,
};

describe('audit formatting', () => {
  it('shows the local time as MM/DD/YYYY hh:mm and only the fields that changed', () => {
    const local = new Date(2025, 2, 4, 15, 7);
    expect(formatWhen(local.toISOString())).toBe('03/04/2025 03:07 PM');
    expect(formatWhen(new Date(2025, 0, 9, 0, 5).toISOString())).toBe('01/09/2025 12:05 AM');
    expect(describeChanges(ROW.before, ROW.after)).toEqual(['status: 1 → 0']);
    expect(describeChanges(null, { name: 'Acme' })).toEqual(['name: Acme']);
    expect(describeChanges({ name: 'Acme' }, null)).toEqual(['name: Acme → ∅']);
  });
});

describe('Audit Log tab', { timeout: UI_TEST_TIMEOUT }, () => {
  it('pages the log on the server and filters by who', async () => {
    const { api } = openUserManagement(['VIEW_USERS', 'VIEW_AUDIT_LOG'], {
      'POST /api/audit/list': { body: { results: [ROW], pageCount: 1, resultCount: 1, totalCount: 1 } },
      'GET /api/audit/facets': {
        body: { entities: ['role', 'user'], actions: ['user.created', 'user.updated'] },
      },
    });
    await findManageUsersHeading();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('tab', { name: 'Audit Log' }));
    const table = await screen.findByRole('table', { name: 'Audit Log' });
    await within(table).findByText('user.updated');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['When', 'Who', 'Action', 'Entity', 'Entity ID', 'Changes']);
    expect(within(table).getByText(formatWhen(ROW.occurredAt))).toBeTruthy();
    expect(within(table).getByText('status: 1 → 0')).toBeTruthy();
    expect(api.calls.find((c) => c.path === '/api/audit/list')?.body).toMatchObject({
      pageSize: 50,
      pageIndex: 0,
      filters: [],
      searchTerm: '',
    });

    await user.click(screen.getByRole('button', { name: 'Filters' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set Filters' });
    await user.type(within(dialog).getByLabelText('Who'), 'grace');
    await user.click(within(dialog).getByRole('button', { name: 'APPLY FILTERS' }));
    await waitFor(() =>
      expect(api.calls.filter((c) => c.path === '/api/audit/list').at(-1)?.body).toMatchObject({
        filters: [{ id: 'actorEmail', value: 'grace' }],
      }),
    );
  });
});

import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { openAppAs } from '../../test/open-app';
import { UI_TEST_TIMEOUT } from '../../test/ui-test-timeout';
import { REPORTS_IN_PROGRESS_BASIS } from './dashboard-page';

// Issue 42 point 7: the IN PROGRESS chip was cut in Reports In Progress: the widget grew from 420px,
// less than its four columns need with an Overdue due date, so its table scrolled with the Status chips
// past the card's edge at 1280, 1366 and 1920 px. It now grows from the width its table needs. jsdom
// has no layout: the measured widths are in e2e/specs/17-laptop-tables.e2e.ts.

describe('Reports In Progress on the dashboard', { timeout: UI_TEST_TIMEOUT }, () => {
  it('grows from the width its columns need, the chip whole on one line', async () => {
    openAppAs('/dashboard', ['VIEW_DASHBOARD', 'VIEW_CLIENTS', 'VIEW_OPEN_REPORTS'], {
      'GET /api/dashboard/users/clients/3': { body: [] },
      'GET /api/dashboard/users/client-reports/3': {
        body: [
          {
            clientId: 1,
            clientName: 'Millbrook County Treasury',
            startDate: '2025-10-01',
            dueDate: '2025-11-15',
            numberOfOpenBatches: 12,
            status: 'IN PROGRESS',
          },
        ],
      },
    });
    const widget = await screen.findByRole('region', { name: 'Reports In Progress' }, { timeout: 15_000 });
    const chip = await within(widget).findByText('IN PROGRESS');
    expect(within(widget).getByText('Overdue')).toBeTruthy();
    expect(getComputedStyle(widget.parentElement!).flexBasis).toBe(`${REPORTS_IN_PROGRESS_BASIS}px`);
    expect(getComputedStyle(chip.closest('td')!).whiteSpace).toBe('nowrap');
  });
});

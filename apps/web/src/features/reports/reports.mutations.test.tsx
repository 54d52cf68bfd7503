import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { REPORT_MSG } from '@tideline/contracts/reports/reports.schemas';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../lib/query-client';
import { signInAs } from '../../test/open-app';
import { UI_TEST_TIMEOUT } from '../../test/ui-test-timeout';
import { REPORTS } from './reports.fixtures';
import { useDeleteReport, useSetFinalizeStatus } from './reports.mutations';

// Issue 42 point 2: a report's change refreshes the client's report status on the profile and the
// dashboard, not only the list.

function renderWith(hook: () => unknown) {
  const queryClient = createQueryClient();
  const keys = [
    ['reports', 1, 'all'],
    ['clients', 'report-status', 1],
    ['dashboard', 'reports-in-progress', 3],
  ];
  for (const key of keys) queryClient.setQueryData(key, []);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <AppProviders queryClient={queryClient}>{children}</AppProviders>
  );
  const staleness = () => keys.map((key) => queryClient.getQueryState(key)?.isInvalidated);
  return { ...renderHook(hook, { wrapper }), staleness };
}

describe('report mutations', { timeout: UI_TEST_TIMEOUT }, () => {
  it('finalize and delete mark the list, the report status and the dashboard stale', async () => {
    signInAs(['FINALIZE_REPORTS', 'DELETE_OPEN_REPORTS'], {
      'PUT /api/reports/finalize-status/3': { body: { msg: REPORT_MSG.finalized, report: REPORTS[0] } },
      'DELETE /api/reports/3': { body: { msg: REPORT_MSG.deleted } },
    });
    const finalize = renderWith(() => useSetFinalizeStatus(1));
    const finalizing = finalize.result.current as ReturnType<typeof useSetFinalizeStatus>;
    await act(() => finalizing.mutateAsync({ reportId: 3, finalizeStatus: 1 }));
    expect(finalize.staleness()).toEqual([true, true, true]);

    const remove = renderWith(() => useDeleteReport(1));
    await act(() => (remove.result.current as ReturnType<typeof useDeleteReport>).mutateAsync(3));
    expect(remove.staleness()).toEqual([true, true, true]);
  });
});

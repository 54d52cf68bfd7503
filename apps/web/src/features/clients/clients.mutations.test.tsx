import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { START_REPORT_MSG } from '@tideline/contracts/data-ingestion/start-report.schemas';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../lib/query-client';
import { signInAs } from '../../test/open-app';
import { UI_TEST_TIMEOUT } from '../../test/ui-test-timeout';
import { useStartReport } from './clients.mutations';

// Issue 42 point 2: a started cycle shows at once wherever the client's report status is shown.

const STARTED = {
  reportStatus: 'Reporting',
  lastReportDate: '2026-06-30',
  openBatchCount: 0,
  reportStartDate: '2026-07-01',
  reportEndDate: '2026-09-30',
  reportDueDate: null,
  ingestionStatus: 'Not Started',
  analysisOpenReportId: 9,
};

describe('useStartReport', { timeout: UI_TEST_TIMEOUT }, () => {
  it("sets the client's report status and marks the dashboards' and analysis' open reports stale", async () => {
    signInAs(['START_REPORT'], {
      'POST /api/clients/start-report/1': {
        status: 201,
        body: { msg: START_REPORT_MSG.started, openReportId: 9, reportStatus: STARTED },
      },
    });
    const queryClient = createQueryClient();
    const keys = [
      ['dashboard', 'reports-in-progress', 3],
      ['data-ingestion', 'open-reports'],
      ['analysis', 'open-reports'],
      ['clients', 'report-status', 1],
    ];
    for (const key of keys) queryClient.setQueryData(key, []);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <AppProviders queryClient={queryClient}>{children}</AppProviders>
    );
    const { result } = renderHook(() => useStartReport(1), { wrapper });
    await act(() => result.current.mutateAsync({ startDate: '2026-07-01', endDate: '2026-09-30' }));
    expect(keys.map((key) => queryClient.getQueryState(key)?.isInvalidated)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(queryClient.getQueryData(['clients', 'report-status', 1])).toEqual(STARTED);
  });
});

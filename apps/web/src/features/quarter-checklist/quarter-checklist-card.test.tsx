import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { Permission } from '@tideline/contracts/access/permissions';
import {
  QUARTER_STAGE_LABELS,
  QUARTER_STAGES,
  type QuarterChecklist,
  type QuarterStageRow,
} from '@tideline/contracts/quarter-checklist/quarter-checklist.schemas';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../lib/query-client';
import { useSessionStore } from '../../lib/session-store';
import { fakeApi } from '../../test/fake-api';
import { TEST_USER } from '../../test/open-app';
import { UI_TEST_TIMEOUT } from '../../test/ui-test-timeout';
import { QuarterChecklistCard } from './quarter-checklist-card';

// Issue 42 point 1: the checklist shows where the quarter stands, the next stage's button and the
// stages that need a person; the rest fold away until asked for.

const row = (
  stage: (typeof QUARTER_STAGES)[number],
  over: Partial<QuarterStageRow> = {},
): QuarterStageRow => ({
  stage,
  label: QUARTER_STAGE_LABELS[stage],
  state: 'waiting',
  detail: '',
  done: null,
  total: null,
  step: null,
  ...over,
});

const CHECKLIST: QuarterChecklist = {
  clientId: 5,
  openReportId: 9,
  startDate: '2026-07-01',
  endDate: '2026-09-30',
  stages: QUARTER_STAGES.map((stage, index) => {
    if (index < 3) return row(stage, { state: 'done', detail: 'Done.' });
    if (stage === 'filesExtracted')
      return row(stage, {
        state: 'next',
        detail: '16 of 18 files extracted.',
        step: { label: 'Extraction Progress', place: 'uploadDashboard' },
      });
    if (stage === 'failedFiles')
      return row(stage, {
        state: 'attention',
        detail: '2 files failed: fix the template or upload again.',
        step: { label: 'Fix Failed Files', place: 'uploadDashboard' },
      });
    return row(stage);
  }),
};

function Where() {
  const location = useLocation();
  return <p>At {location.pathname + location.search}</p>;
}

function open(permList: Permission[] = ['VIEW_OPEN_REPORTS']) {
  useSessionStore.getState().setUser({ ...TEST_USER, permList });
  const api = fakeApi({
    'POST /api/auth/refresh': { body: { accessToken: 'at', expiresIn: 900 } },
    'GET /api/quarter-checklist/5': { body: CHECKLIST },
  });
  render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={['/client-management/5']}>
        <Routes>
          <Route path="/client-management/:id" element={<QuarterChecklistCard clientId={5} />} />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
  );
  return { api, user: userEvent.setup({ delay: null }) };
}

describe('the quarter checklist card', { timeout: UI_TEST_TIMEOUT }, () => {
  it('shows the period, the progress, the next stage and what needs attention, each with its button', async () => {
    const { user } = open();
    const card = await screen.findByRole('region', { name: 'Quarter checklist' });
    expect(within(card).getByRole('heading', { name: 'Quarter checklist: Q3 2026' })).toBeTruthy();
    expect(within(card).getByText('3 of 15 done')).toBeTruthy();
    const stages = within(card).getByRole('list', { name: 'Stages' });
    expect(within(stages).getAllByRole('listitem')).toHaveLength(2);
    expect(within(stages).getByText('2 files failed: fix the template or upload again.')).toBeTruthy();
    expect(within(stages).getByRole('link', { name: 'Extraction Progress' })).toBeTruthy();
    await user.click(within(card).getByRole('button', { name: 'Show all 15 stages' }));
    expect(within(stages).getAllByRole('listitem')).toHaveLength(15);
    await user.click(within(stages).getByRole('link', { name: 'Fix Failed Files' }));
    expect(await screen.findByText('At /data-ingestion/5')).toBeTruthy();
  });

  it('is not shown without VIEW_OPEN_REPORTS, and asks nothing', async () => {
    const { api } = open(['VIEW_CLIENTS']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('region', { name: 'Quarter checklist' })).toBeNull();
    expect(api.callsTo('GET', '/api/quarter-checklist/5')).toBe(0);
  });
});

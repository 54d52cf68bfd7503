import { describe, expect, it } from 'vitest';
import { deriveQuarterStages } from './derive-quarter-stages';
import type { ChecklistCounts, ChecklistCycle } from './quarter-checklist.queries';

// The stage rules on their own: which stage is next, and the tables' state from their staleness.

const CYCLE: ChecklistCycle = {
  openReportId: 1,
  startDate: '2026-07-01',
  endDate: '2026-09-30',
  isClosed: false,
  analysisCompletedAt: null,
};

const validated: ChecklistCounts = {
  batches: 2,
  batchesValidated: 2,
  accounts: 5,
  accountsNeedingFiles: 0,
  accountsValidated: 5,
  files: 15,
  filesExtracting: 0,
  filesExtracted: 15,
  filesFailed: 0,
  tablesComputedAt: '2026-10-05 10:00:00+00',
  tablesStale: false,
  monteCarloDone: 0,
  monteCarloFailed: 0,
  monteCarloRunning: 0,
  shortTermDone: 0,
  shortTermFailed: 0,
  shortTermRunning: 0,
  cashVestScores: 0,
  reportsGenerated: 0,
  reportsFailed: 0,
  reportsRunning: 0,
  reportsCompleted: 0,
  reportsFinalized: 0,
};

const stateOf = (counts: ChecklistCounts, cycle = CYCLE) =>
  Object.fromEntries(deriveQuarterStages(cycle, counts).map((s) => [s.stage, s.state]));

describe('deriveQuarterStages', () => {
  it('makes the Monte Carlo next once the batches are validated and the tables current', () => {
    const states = stateOf(validated);
    expect(states.tables).toBe('done');
    expect(states.monteCarlo).toBe('next');
    expect(Object.values(states).filter((s) => s === 'next')).toHaveLength(1);
  });

  it('asks for the tables when a transaction changed after its account’s tables, or none exist', () => {
    expect(stateOf({ ...validated, tablesStale: true }).tables).toBe('next');
    expect(stateOf({ ...validated, tablesComputedAt: null }).tables).toBe('next');
  });

  it('moves on to the report once the analysis is completed, and to Finalize once it is uploaded', () => {
    const analysed = { ...validated, monteCarloDone: 1, shortTermDone: 1, cashVestScores: 1 };
    const completed = { ...CYCLE, analysisCompletedAt: '2026-10-06 09:00:00+00' };
    expect(stateOf(analysed, completed).reportGenerated).toBe('next');
    const uploaded = { ...analysed, reportsGenerated: 1, reportsCompleted: 1 };
    expect(stateOf(uploaded, { ...completed, isClosed: true }).reportFinalized).toBe('next');
  });
});

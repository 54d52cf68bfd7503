import type { FrozenRunIds } from '@tideline/contracts/analysis/analysis.schemas';
import type {
  cashVestScores,
  liquidityLevelOverrides,
  monteCarloRuns,
  shortTermModels,
} from '../../db/schema';

// Issue 41 point 4, "frozen results" (analytics.md "Accuracy, baselines and frozen results"): a
// completed analysis (open_reports.frozen_runs), a report (reports.frozen_runs) and a cashVest score
// (cash_vest_scores.frozen_runs) keep the ids of the runs they used, with a copy of each row as it was
// then. What they show is read from the copy, so a later run, the run's deletion or an edit of its
// liquidity levels changes nothing in them (deleting a run stays allowed: the copy is what counts).

export type MonteCarloRunRow = typeof monteCarloRuns.$inferSelect;
export type LevelOverrideRow = typeof liquidityLevelOverrides.$inferSelect;
export type ShortTermModelRow = typeof shortTermModels.$inferSelect;
export type CashVestScoreRow = typeof cashVestScores.$inferSelect;

/** A group's Monte Carlo run as it was used: the run (with its result) and the analyst's levels. */
export interface FrozenMonteCarlo {
  groupId: number;
  monteCarloId: number;
  run: MonteCarloRunRow;
  override: LevelOverrideRow | null;
}

/** A group's short-term model as it was used (step 1 with its back-test, step 2 when it ran). */
export interface FrozenShortTerm {
  groupId: number;
  groupName: string;
  shortTermModelId: number;
  model: ShortTermModelRow;
}

export interface FrozenRuns {
  frozenAt: string;
  /** The cycle whose runs were chosen (null: runs outside any cycle). */
  openReportId: number | null;
  monteCarlo: FrozenMonteCarlo[];
  /** Per group, the short-term model of the period (its step 2 forecast, or its back-test for cashVest). */
  shortTerm: FrozenShortTerm[];
  /** Reports: the earlier cycles' forecasts the "Previous quarter" section compares. */
  earlierForecasts?: FrozenShortTerm[];
  /** Reports: the cashVest score the summary shows, as it was. */
  cashVest?: { cashVestId: number; row: CashVestScoreRow } | null;
  /** The newest computed_at of the client's group balance tables when frozen (which tables were read). */
  balanceTablesAsOf: string | null;
}

// Timestamps of the copied rows: jsonb keeps them as ISO strings; the readers expect Dates.
const DATE_KEYS = [
  'createdAt',
  'updatedAt',
  'completedAt',
  'dataAsOf',
  'step1CompletedAt',
  'step2CompletedAt',
] as const;

function reviveDates<T>(row: T): T {
  if (!row || typeof row !== 'object') return row;
  const copy = { ...(row as Record<string, unknown>) };
  for (const key of DATE_KEYS) {
    const value = copy[key];
    if (typeof value === 'string') copy[key] = new Date(value);
  }
  return copy as T;
}

const reviveShortTerm = (s: FrozenShortTerm): FrozenShortTerm => ({ ...s, model: reviveDates(s.model) });

/** The stored jsonb as FrozenRuns with its rows' Dates back; null when nothing was frozen. */
export function readFrozenRuns(value: unknown): FrozenRuns | null {
  if (!value || typeof value !== 'object') return null;
  const stored = value as FrozenRuns;
  if (!Array.isArray(stored.monteCarlo) || !Array.isArray(stored.shortTerm)) return null;
  return {
    ...stored,
    monteCarlo: stored.monteCarlo.map((m) => ({
      ...m,
      run: reviveDates(m.run),
      override: m.override ? reviveDates(m.override) : null,
    })),
    shortTerm: stored.shortTerm.map(reviveShortTerm),
    ...(stored.earlierForecasts ? { earlierForecasts: stored.earlierForecasts.map(reviveShortTerm) } : {}),
    ...(stored.cashVest
      ? { cashVest: { cashVestId: stored.cashVest.cashVestId, row: reviveDates(stored.cashVest.row) } }
      : {}),
  };
}

export function frozenRunIdsOf(frozen: FrozenRuns | null): FrozenRunIds | null {
  if (!frozen) return null;
  return {
    monteCarloIds: frozen.monteCarlo.map((m) => m.monteCarloId),
    shortTermModelIds: frozen.shortTerm.map((s) => s.shortTermModelId),
    cashVestId: frozen.cashVest?.cashVestId ?? null,
  };
}

export const frozenMonteCarloOf = (frozen: FrozenRuns | null, groupId: number) =>
  frozen?.monteCarlo.find((m) => m.groupId === groupId) ?? null;

export const frozenShortTermOf = (frozen: FrozenRuns | null, groupId: number) =>
  frozen?.shortTerm.find((s) => s.groupId === groupId) ?? null;

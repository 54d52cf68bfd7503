import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { Permission } from '@tideline/contracts/access/permissions';
import type { CashVestHistoryRow, CashVestSubScores } from '@tideline/contracts/cash-vest/cash-vest.schemas';
import type {
  CashVestSuggestion,
  SuggestedSubScore,
} from '@tideline/contracts/cash-vest/cash-vest-suggestion.schemas';
import {
  CASH_VEST_SUB_SCORES,
  EMPTY_POLICY_CHECKLIST,
} from '@tideline/contracts/cash-vest/cash-vest.schemas';
import { AppProviders } from '../../app/providers';
import { createQueryClient } from '../../lib/query-client';
import { useSessionStore } from '../../lib/session-store';
import { TEST_USER } from '../../test/open-app';

// Whole records for the cashVest web tests' fake API answers; the test names what matters.

export function historyRowOf(
  overrides: Partial<CashVestHistoryRow> & Pick<CashVestHistoryRow, 'cashVestId'>,
) {
  return {
    createdAt: '2025-04-02T12:00:00.000Z',
    startDate: '2025-01-01',
    endDate: '2025-03-31',
    totalScore: null,
    totalStar: null,
    periodInterest: 6000,
    yearInterest: 6900,
    initialInterest: 1.25,
    ...overrides,
  } satisfies CashVestHistoryRow;
}

export function subScoresOf(
  overrides: Partial<CashVestSubScores> & Pick<CashVestSubScores, 'cashVestId'>,
): CashVestSubScores {
  return {
    ...historyRowOf(overrides),
    valueScore: null,
    valueScoreStar: null,
    valueScoreComments: null,
    liquidityProf: null,
    liquidityProfStar: null,
    liquidityProfComments: null,
    warnickRate: null,
    warnickRateStar: null,
    warnickRateComments: null,
    cashflow: null,
    cashflowStar: null,
    cashflowComments: null,
    investment: null,
    investmentStar: null,
    investmentComments: null,
    accountGroupId: null,
    policyChecklist: null,
    updatedAt: '2025-04-02T12:00:00.000Z',
    ...overrides,
  };
}

/** A suggestion whose sub-scores are `scores` (null: missing, said in its page). */
export function suggestionOf(cashVestId: number, scores: (number | null)[]): CashVestSuggestion {
  const subScores = CASH_VEST_SUB_SCORES.map((def, i): SuggestedSubScore => ({
    key: def.key,
    title: def.title,
    min: def.min,
    max: def.max,
    score: scores[i] ?? null,
    ratio: scores[i] == null ? null : 0.5,
    starPercentage: scores[i] == null ? null : 50,
    formula: `${def.title} formula`,
    inputs: [{ label: `${def.title} balance`, value: 600000, unit: 'money' }],
    notes: [],
    missing: scores[i] == null ? [`${def.title} needs liquidity levels.`] : [],
  }));
  return {
    cashVestId,
    startDate: '2025-01-01',
    endDate: '2025-03-31',
    accountGroup: { groupId: 5, groupName: 'All Accounts' },
    liquidityLevels: null,
    accounts: [],
    policyChecklist: EMPTY_POLICY_CHECKLIST,
    totalScore: null,
    totalStar: null,
    periodInterest: 6000,
    yearInterest: 6900,
    initialInterest: 1.25,
    subScores,
    missing: [],
  };
}

/** Renders a piece of the feature with the providers, signed in with `permList`. */
export function renderSignedIn(node: ReactNode, permList: readonly Permission[]) {
  useSessionStore.getState().setUser({ ...TEST_USER, permList: [...permList] });
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter>{node}</MemoryRouter>
    </AppProviders>,
  );
}

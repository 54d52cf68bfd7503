import type { CashVestSuggestion as ModelSuggestion, SubScore } from '@tideline/analytics';
import {
  CASH_VEST_SUB_SCORES,
  starPercentageOf,
  type CashVestSubScoreKey,
} from '@tideline/contracts/cash-vest/cash-vest.schemas';
import type {
  SuggestedSubScore,
  SuggestionInput,
} from '@tideline/contracts/cash-vest/cash-vest-suggestion.schemas';

// The model's sub-scores (packages/analytics scoreCashVest) as the wizard shows them: each figure with
// a label and a unit, the ratio in words, and what is missing. A sub-score with a missing input has no
// score: the model was given a placeholder for it, and its figure would be made up.

const FORMULAS: Record<CashVestSubScoreKey, string> = {
  valueScore:
    'Average balance of the accounts earning interest or an earnings credit ÷ average balance of all accounts',
  liquidityProf:
    'Share of the investable dollars (levels two to five) held in investments whose maturity matches their level, ÷ 0.9 (full marks from 90%)',
  warnickRate:
    "Mean of (rate earned on the earning balances ÷ benchmark) and (rate earned on all balances ÷ benchmark); the benchmark is the levels' market rates weighted by the level amounts",
  cashflow:
    'Mean of: the share of fees offset by earnings credit; 1 − idle balance ÷ total balance (idle: non-earning balances above level one); 1 − the short-term back-test error (when the group has a model)',
  investment: '(Policy checklist elements ticked + maturity-ladder fit) ÷ 7',
};

/** Where a figure comes from; a missing source makes its figures unknown (shown as '---'). */
export type InputSource = 'balances' | 'levels' | 'rates' | 'treasury';

/** What each sub-score needs: without one of these it has no suggestion. */
const NEEDS: Record<CashVestSubScoreKey, readonly InputSource[]> = {
  valueScore: ['balances'],
  liquidityProf: ['levels'],
  warnickRate: ['balances', 'levels', 'rates'],
  cashflow: ['balances', 'levels', 'treasury'],
  investment: ['levels'],
};

type Unit = SuggestionInput['unit'];
type Row = [label: string, value: number | null, unit: Unit, from?: readonly InputSource[]];

/** What the service adds beside the model's own figures. */
export interface SuggestionExtras {
  heldByLevel: { levelTwo: number; levelThree: number; levelFour: number; levelFive: number } | null;
  ratesUsed: { label: string; rate: number; date: string }[];
  backTestModelName: string | null;
}

function rowsOf(key: CashVestSubScoreKey, model: ModelSuggestion, extras: SuggestionExtras): Row[] {
  switch (key) {
    case 'valueScore': {
      const i = model.valueScore.inputs;
      return [
        ['Average balance of earning accounts', i.earningAverageBalance, 'money', ['balances']],
        ['Average balance of all accounts', i.totalAverageBalance, 'money', ['balances']],
      ];
    }
    case 'liquidityProf': {
      const i = model.liquidityProficiency.inputs;
      const held = extras.heldByLevel;
      return [
        ['Investable dollars (levels two to five)', i.investableDollars, 'money', ['levels']],
        ['Held in a matching term (each level up to its amount)', i.matchedDollars, 'money', ['levels']],
        ['Share held in a matching term', i.matchedShare, 'share', ['levels']],
        ['Investments maturing in 30 days to 30 weeks (level two)', held?.levelTwo ?? null, 'money'],
        ['Investments maturing in 30 weeks to 1 year (level three)', held?.levelThree ?? null, 'money'],
        ['Investments maturing in 1 year to 30 months (level four)', held?.levelFour ?? null, 'money'],
        ['Investments maturing after 30 months (level five)', held?.levelFive ?? null, 'money'],
      ];
    }
    case 'warnickRate': {
      const i = model.warnickRate.inputs;
      return [
        ['Interest received in the period', i.periodInterest, 'money'],
        ['Days in the period', i.periodDays, 'days'],
        ['Average balance of earning accounts', i.earningAverageBalance, 'money', ['balances']],
        ['Average balance of all accounts', i.totalAverageBalance, 'money', ['balances']],
        ['Rate earned on earning balances (annualised)', i.earningRate, 'rate', ['balances']],
        ['Rate earned on all balances (annualised)', i.allBalancesRate, 'rate', ['balances']],
        ['Benchmark rate (weighted by level amounts)', i.benchmarkRate, 'rate', ['levels', 'rates']],
        ...extras.ratesUsed.map((r): Row => [`${r.label} on ${r.date}`, r.rate, 'rate']),
      ];
    }
    case 'cashflow': {
      const i = model.cashflow.inputs;
      const backTest = extras.backTestModelName
        ? `Short-term back-test error (${extras.backTestModelName})`
        : 'Short-term back-test error';
      return [
        ['Fees in the period', i.totalFees, 'money', ['treasury']],
        ['Earnings credit in the period', i.earningsCredit, 'money', ['treasury']],
        ['Share of fees offset by earnings credit', i.feeOffsetShare, 'share', ['treasury']],
        [
          'Idle balance (non-earning accounts above level one)',
          i.idleBalance,
          'money',
          ['balances', 'levels'],
        ],
        ['Average balance of all accounts', i.totalAverageBalance, 'money', ['balances']],
        ['Share of the balance at work', i.workingShare, 'share', ['balances', 'levels']],
        [backTest, i.backTestRelativeError, 'share'],
      ];
    }
    case 'investment': {
      const i = model.investment.inputs;
      return [
        ['Policy checklist elements ticked (of 6)', i.tickedCount, 'count'],
        ['Invested dollars (held at the end date)', i.investedDollars, 'money'],
        ['Covered by levels available that long', i.ladderFitDollars, 'money', ['levels']],
        ['Maturity-ladder fit', i.ladderFitShare, 'share', ['levels']],
      ];
    }
  }
}

const MODEL_FIELD: Record<
  CashVestSubScoreKey,
  keyof Pick<
    ModelSuggestion,
    'valueScore' | 'liquidityProficiency' | 'warnickRate' | 'cashflow' | 'investment'
  >
> = {
  valueScore: 'valueScore',
  liquidityProf: 'liquidityProficiency',
  warnickRate: 'warnickRate',
  cashflow: 'cashflow',
  investment: 'investment',
};

/**
 * One wizard page's suggestion: the model's score, unless a source it needs is missing (`absent`: the
 * missing sources with what the analyst reads); then no score, and the figures of that source unknown.
 */
export function formatSubScore(
  key: CashVestSubScoreKey,
  model: ModelSuggestion | null,
  extras: SuggestionExtras,
  absent: ReadonlyMap<InputSource, string>,
  notes: readonly string[],
): SuggestedSubScore {
  const def = CASH_VEST_SUB_SCORES.find((d) => d.key === key)!;
  const missing = NEEDS[key].flatMap((source) => {
    const why = absent.get(source);
    return why ? [why] : [];
  });
  const base = { key, title: def.title, min: def.min, max: def.max, formula: FORMULAS[key], missing };
  if (!model)
    return { ...base, score: null, ratio: null, starPercentage: null, inputs: [], notes: [...notes] };
  const sub = model[MODEL_FIELD[key]] as SubScore<unknown>;
  const known = missing.length === 0;
  const inputs = rowsOf(key, model, extras).map(([label, value, unit, from = []]) => ({
    label,
    value: from.some((source) => absent.has(source)) ? null : value,
    unit,
  }));
  return {
    ...base,
    score: known ? sub.score : null,
    ratio: known ? sub.ratio : null,
    starPercentage: known ? starPercentageOf(sub.score, def.max) : null,
    inputs,
    notes: [...(known && sub.note ? [sub.note] : []), ...notes],
  };
}

import {
  CASH_VEST_SUB_SCORES,
  EMPTY_POLICY_CHECKLIST,
  type CashVestSubScores,
  type PolicyChecklist,
} from '@tideline/contracts/cash-vest/cash-vest.schemas';
import {
  checklistQueryOf,
  type CashVestSuggestionQuery,
} from '@tideline/contracts/cash-vest/cash-vest-suggestion.schemas';

/** The wizard's form: what the analyst types or picks, before the contract parses it. */
export interface WizardValues {
  startDate: string;
  endDate: string;
  accountGroupId: number | '';
  valueScore: number | '';
  liquidityProf: number | '';
  warnickRate: number | '';
  cashflow: number | '';
  investment: number | '';
  valueScoreComments: string;
  liquidityProfComments: string;
  warnickRateComments: string;
  cashflowComments: string;
  investmentComments: string;
  policyChecklist: PolicyChecklist;
}

/** The saved row as the form starts (unscored fields empty, to be prefilled with the suggestion). */
export function valuesOf(saved: CashVestSubScores): WizardValues {
  return {
    startDate: saved.startDate ?? '',
    endDate: saved.endDate ?? '',
    accountGroupId: saved.accountGroupId ?? '',
    valueScore: saved.valueScore ?? '',
    liquidityProf: saved.liquidityProf ?? '',
    warnickRate: saved.warnickRate ?? '',
    cashflow: saved.cashflow ?? '',
    investment: saved.investment ?? '',
    valueScoreComments: saved.valueScoreComments ?? '',
    liquidityProfComments: saved.liquidityProfComments ?? '',
    warnickRateComments: saved.warnickRateComments ?? '',
    cashflowComments: saved.cashflowComments ?? '',
    investmentComments: saved.investmentComments ?? '',
    policyChecklist: saved.policyChecklist ?? EMPTY_POLICY_CHECKLIST,
  };
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** What the suggestion is asked for: the typed dates once they make a range, the group, the ticks. */
export function suggestionQueryOf(
  values: Pick<WizardValues, 'startDate' | 'endDate' | 'accountGroupId' | 'policyChecklist'>,
): CashVestSuggestionQuery {
  const { startDate, endDate } = values;
  const hasRange = ISO_DATE.test(startDate) && ISO_DATE.test(endDate) && startDate <= endDate;
  return {
    ...(hasRange ? { startDate, endDate } : {}),
    ...(values.accountGroupId === '' ? {} : { accountGroupId: values.accountGroupId }),
    checklist: checklistQueryOf(values.policyChecklist),
  };
}

/** Spec 5: the five pages total up to the overall score; null until all five are chosen. */
export function totalOf(values: Pick<WizardValues, (typeof CASH_VEST_SUB_SCORES)[number]['key']>) {
  const scores = CASH_VEST_SUB_SCORES.map((def) => values[def.key]);
  return scores.every((s): s is number => typeof s === 'number')
    ? scores.reduce((sum, s) => sum + s, 0)
    : null;
}

import { DEMO_ACCOUNTS, type DemoAccount } from './demo-accounts';
import { createDemoRandom, hashText, type DemoRandom } from './demo-random';

// The demo portfolio (issue 5 point 6): on every open Investment and Hybrid account, a ladder of
// T-bills, commercial paper, CDs, agency and Treasury notes maturing from a few days to five years after
// the end date (some inside the 90-day window), a money-market fund on hybrid accounts, and two matured
// holdings so the balance graph has a past. Pure and deterministic: the same seed and end date give the
// same plan.

export type DemoInvestmentType =
  | 'Treasury Bill'
  | 'Commercial Paper'
  | 'Certificate of Deposit'
  | 'Agency Note'
  | 'Callable Agency Note'
  | 'Treasury Note'
  | 'Money Market Fund';

export interface DemoInvestment {
  accountKey: string;
  type: DemoInvestmentType;
  /** A CUSIP: 8 characters and its check digit. */
  identifier: string;
  faceValue: string;
  settlementAmount: string;
  /** Yield, percent. */
  interestRate: string;
  /** Percent; null for discount instruments and funds. */
  couponRate: string | null;
  settlementDate: string;
  maturityDate: string;
  callDate: string | null;
  fund: string;
}

/** Days after the end date the rungs mature on, before a little jitter: 3 inside 90 days, out to 5 years. */
const RUNGS = [12, 41, 77, 150, 270, 420, 610, 900, 1280, 1790] as const;

/** Issuer prefixes (6 characters) of each type, so identifiers look like the real families. */
const ISSUERS: Record<DemoInvestmentType, readonly string[]> = {
  'Treasury Bill': ['912797'],
  'Treasury Note': ['91282C'],
  'Agency Note': ['3130AX', '3133EP', '3135G0', '3134GY'],
  'Callable Agency Note': ['3130AX', '3133EP', '3135G0', '3134GY'],
  'Commercial Paper': ['07274N', '89233G', '06417M', '63873J'],
  'Certificate of Deposit': ['05580A', '38149M', '02589A', '87165H'],
  'Money Market Fund': ['31846V', '60934N', '09248U'],
};

const CUSIP_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ*@#';

/** The CUSIP check digit ("modulus 10 double add double"): every second character's value doubled. */
export function cusipCheckDigit(base: string): number {
  let sum = 0;
  for (let i = 0; i < 8; i += 1) {
    let v = CUSIP_CHARS.indexOf(base[i]!);
    if (i % 2 === 1) v *= 2;
    sum += Math.floor(v / 10) + (v % 10);
  }
  return (10 - (sum % 10)) % 10;
}

function cusip(random: DemoRandom, type: DemoInvestmentType): string {
  const issue = Array.from({ length: 2 }, () => CUSIP_CHARS[random.int(0, 35)]).join('');
  const base = random.pick(ISSUERS[type]) + issue;
  return base + String(cusipCheckDigit(base));
}

const DAY_MS = 86_400_000;
const addDays = (iso: string, days: number) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
const money = (dollars: number) => dollars.toFixed(2);
const rate = (pct: number) => pct.toFixed(4);

function typeForRung(random: DemoRandom, daysOut: number): DemoInvestmentType {
  if (daysOut <= 90) return random.pick(['Treasury Bill', 'Commercial Paper'] as const);
  if (daysOut <= 260)
    return random.pick(['Treasury Bill', 'Commercial Paper', 'Certificate of Deposit'] as const);
  if (daysOut <= 355) return random.pick(['Treasury Bill', 'Certificate of Deposit'] as const);
  return random.pick(['Certificate of Deposit', 'Agency Note', 'Treasury Note'] as const);
}

/** The longest term each type is bought with, in days. */
const MAX_TERM: Record<DemoInvestmentType, number> = {
  'Treasury Bill': 364,
  'Commercial Paper': 270,
  'Certificate of Deposit': 1826,
  'Agency Note': 1826,
  'Callable Agency Note': 1826,
  'Treasury Note': 1826,
  'Money Market Fund': 30,
};

/** One holding maturing `daysOut` days after `endDate` (negative: already matured). */
function planHolding(
  random: DemoRandom,
  account: DemoAccount,
  endDate: string,
  daysOut: number,
  faceDollars: number,
  type: DemoInvestmentType,
): DemoInvestment {
  const maturityDate = addDays(endDate, daysOut);
  // Bought at least 5 days before the end date, for at most the type's longest term (and 2 years back).
  const shortest = Math.max(28, daysOut + 5);
  const term = random.int(shortest, Math.max(shortest, Math.min(MAX_TERM[type], daysOut + 720)));
  const settlementDate = addDays(maturityDate, -term);
  const years = term / 365;
  const yieldPct = 4.05 + random.unit() * 0.7 - (type === 'Treasury Note' ? 0.3 : 0);
  const isDiscount = type === 'Treasury Bill' || type === 'Commercial Paper';
  // Discount paper is bought below face; coupon notes near par, a little above when the coupon beats the yield.
  const couponPct = isDiscount ? null : Math.round((yieldPct + (random.unit() - 0.5) * 0.6) * 8) / 8;
  const price = isDiscount
    ? 1 - (yieldPct / 100) * (term / 360)
    : type === 'Certificate of Deposit'
      ? 1
      : 1 + ((couponPct! - yieldPct) / 100) * Math.min(years, 5) * 0.9;
  // Half the agency notes are callable: their type says so, and only they carry a call date.
  const isCallable = type === 'Agency Note' && random.chance(0.5);
  return {
    accountKey: account.key,
    type: isCallable ? 'Callable Agency Note' : type,
    identifier: cusip(random, type),
    faceValue: money(faceDollars),
    settlementAmount: money(Math.round(faceDollars * price * 100) / 100),
    interestRate: rate(yieldPct),
    couponRate: couponPct === null ? null : rate(couponPct),
    settlementDate,
    maturityDate,
    callDate: isCallable ? addDays(settlementDate, 365) : null,
    fund: account.category === 'Trust' || account.category === 'Escrow' ? account.name : 'General Fund',
  };
}

/** The portfolio of every open Investment or Hybrid account, account by account. */
export function planDemoInvestments(endDate: string, seed: number): DemoInvestment[] {
  const planned: DemoInvestment[] = [];
  for (const account of DEMO_ACCOUNTS) {
    if ((account.type !== 'Investment' && account.type !== 'Hybrid') || account.closedMonthsBeforeEnd)
      continue;
    const random = createDemoRandom(seed, hashText(`investments:${account.key}`));
    const base = Math.max(account.typicalDollars, 5_000_000);
    const rungFace = () =>
      Math.max(250_000, Math.round((base * (0.04 + random.unit() * 0.05)) / 5_000) * 5_000);
    const rungs = account.type === 'Investment' ? RUNGS : RUNGS.filter((_, i) => i % 2 === 0);
    for (const daysOut of rungs) {
      const out = daysOut + random.int(-5, 5);
      planned.push(planHolding(random, account, endDate, out, rungFace(), typeForRung(random, out)));
    }
    for (const maturedAgo of [random.int(40, 160), random.int(200, 420)])
      planned.push(planHolding(random, account, endDate, -maturedAgo, rungFace(), typeForRung(random, 200)));
    if (account.type === 'Hybrid') {
      const fundDollars = Math.round((base * 0.15) / 1_000) * 1_000;
      planned.push({
        accountKey: account.key,
        type: 'Money Market Fund',
        identifier: cusip(random, 'Money Market Fund'),
        faceValue: money(fundDollars),
        settlementAmount: money(fundDollars),
        interestRate: rate(4.1 + random.unit() * 0.25),
        couponRate: null,
        settlementDate: addDays(endDate, -random.int(90, 400)),
        // A fund is redeemable daily; shown as a 30-day holding rolled each month.
        maturityDate: addDays(endDate, 30),
        callDate: null,
        fund: 'General Fund',
      });
    }
  }
  return planned;
}

/** Investment groups across clients, each naming which holdings join it. */
export const DEMO_INVESTMENT_GROUPS: readonly {
  name: string;
  includes: (i: DemoInvestment, endDate: string) => boolean;
}[] = [
  {
    name: 'Short-Term Ladder (under 1 year)',
    includes: (i, end) => i.maturityDate > end && i.maturityDate <= addDays(end, 365),
  },
  {
    name: 'Core Ladder (1 to 5 years)',
    includes: (i, end) => i.maturityDate > addDays(end, 365),
  },
  {
    name: 'Callable Agency Notes',
    includes: (i, end) => i.type === 'Callable Agency Note' && i.maturityDate > end,
  },
  { name: 'Liquidity Funds', includes: (i) => i.type === 'Money Market Fund' },
];

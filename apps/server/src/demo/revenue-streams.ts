import { fromDayNumber, lastBusinessDays, monthlyDays } from './demo-calendar';
import {
  BUSINESS_DAYS_PER_YEAR,
  postTransfer,
  splitCents,
  type ClientBook,
  type DayStream,
  type StreamContext,
} from './stream-context';
import { weekEndBusinessDays } from './demo-calendar';

const monthOf = (day: number) => fromDayNumber(day).month;

/**
 * Semiannual property tax. A county collects it itself: lockbox and e-pay deposits every business day
 * of the due month, heaviest in the last days before the deadline, and a delinquent tail the month
 * after. A city or school district receives the county treasurer's settlements instead.
 */
export function propertyTaxStream(ctx: StreamContext, book: ClientBook): DayStream[] {
  const tax = book.economy.propertyTax;
  if (!tax) return [];
  const random = ctx.random(book.operating, 'property-tax');
  const halfYear = (book.economy.annualDollars * 100 * tax.share) / 2;
  const account = book.operating.key;
  if (tax.style === 'settlement') {
    const next = tax.months.map((m) => (m % 12) + 1);
    const settlements = [
      { days: monthlyDays(ctx.window, 15, tax.months), share: 0.6 },
      { days: lastBusinessDays(ctx.window), share: 0.3, months: tax.months },
      { days: monthlyDays(ctx.window, 10, next), share: 0.1 },
    ];
    return [
      (day) => {
        for (const s of settlements) {
          if (!s.days.has(day) || (s.months && !s.months.includes(monthOf(day)))) continue;
          const cents = random.vary(halfYear * s.share * ctx.growth(day), 0.04);
          ctx.ledger.post(account, day, cents, `ACH CREDIT ${tax.payer} ${random.int(100000, 999999)}`);
        }
      },
    ];
  }
  // Business days of each due month, to weight the deadline rush.
  const byMonth = new Map<string, number[]>();
  for (const day of ctx.window.businessDays) {
    const { year, month } = fromDayNumber(day);
    if (!tax.months.includes(month)) continue;
    const key = `${year}-${month}`;
    byMonth.set(key, [...(byMonth.get(key) ?? []), day]);
  }
  const weightOf = new Map<number, number>();
  for (const days of byMonth.values()) {
    const raw = days.map((_, i) => 1 + 6 * (i / days.length) ** 3);
    const sum = raw.reduce((s, w) => s + w, 0);
    days.forEach((day, i) => weightOf.set(day, raw[i]! / sum));
  }
  const tailMonths = tax.months.map((m) => (m % 12) + 1);
  return [
    (day) => {
      const weight = weightOf.get(day);
      if (weight !== undefined) {
        const total = random.vary(halfYear * 0.94 * weight * ctx.growth(day), 0.12);
        const [lockbox, epay] = splitCents(total, 2, random);
        ctx.ledger.post(
          account,
          day,
          lockbox!,
          `LOCKBOX DEPOSIT ${tax.payer} BATCH ${random.int(1000, 9999)}`,
        );
        ctx.ledger.post(account, day, epay!, `ACH CREDIT ${tax.payer} EPAY SETTLEMENT`);
      } else if (tailMonths.includes(monthOf(day)) && random.chance(0.3)) {
        const cents = random.vary((halfYear * 0.06 * ctx.growth(day)) / 6, 0.5);
        ctx.ledger.post(account, day, cents, `LOCKBOX DEPOSIT ${tax.payer} DELINQUENT`);
      }
    },
  ];
}

/** State aid or appropriation, monthly or quarterly, on a fixed calendar day. */
export function stateAidStream(ctx: StreamContext, book: ClientBook): DayStream[] {
  const aid = book.economy.stateAid;
  const months = aid.everyMonths === 1 ? undefined : [1, 4, 7, 10];
  const days = monthlyDays(ctx.window, aid.dayOfMonth, months);
  const random = ctx.random(book.operating, 'state-aid');
  const perPayment = (book.economy.annualDollars * 100 * aid.share * aid.everyMonths) / 12;
  return [
    (day) => {
      if (!days.has(day)) return;
      const cents = random.vary(perPayment * ctx.growth(day), 0.03);
      ctx.ledger.post(book.operating.key, day, cents, `ACH CREDIT ${aid.description}`);
    },
  ];
}

/** Federal grant drawdowns, quarterly, a little uneven. */
export function federalGrantStream(ctx: StreamContext, book: ClientBook): DayStream[] {
  const grant = book.economy.federalGrants;
  if (!grant) return [];
  const days = monthlyDays(ctx.window, 22, [2, 5, 8, 11]);
  const random = ctx.random(book.operating, 'federal-grants');
  const perDraw = (book.economy.annualDollars * 100 * grant.share) / 4;
  return [
    (day) => {
      if (!days.has(day)) return;
      const cents = random.vary(perDraw * ctx.growth(day), 0.15);
      ctx.ledger.post(book.operating.key, day, cents, `WIRE IN ${grant.description} ${random.int(1e6, 9e6)}`);
    },
  ];
}

/**
 * Charges for services (utility bills, fares, tuition, meals) posted every business day into the
 * deposit account, with the client's month pattern; the week's takings move to operating on Friday.
 */
export function serviceRevenueStream(ctx: StreamContext, book: ClientBook): DayStream[] {
  const revenue = book.economy.serviceRevenue;
  if (!revenue) return [];
  const target = book.deposit ?? book.operating;
  const random = ctx.random(target, 'service-revenue');
  const meanWeight = revenue.monthWeights.reduce((s, w) => s + w, 0) / 12;
  const perDay = (book.economy.annualDollars * 100 * revenue.share) / BUSINESS_DAYS_PER_YEAR;
  const sweepDays = weekEndBusinessDays(ctx.window);
  let unswept = 0;
  return [
    (day) => {
      const weight = revenue.monthWeights[monthOf(day) - 1]! / meanWeight;
      const total = random.vary(perDay * weight * ctx.growth(day), 0.35);
      const count = random.int(1, revenue.descriptions.length);
      splitCents(total, count, random).forEach((cents, i) =>
        ctx.ledger.post(target.key, day, cents, revenue.descriptions[i]!),
      );
      unswept += total;
      if (target !== book.operating && sweepDays.has(day)) {
        postTransfer(ctx, day, unswept, target, book.operating, 'CONCENTRATION');
        unswept = 0;
      }
    },
  ];
}

/** Small over-the-counter and remote deposits, and the odd returned item, on operating. */
export function depositNoiseStream(ctx: StreamContext, book: ClientBook): DayStream[] {
  const random = ctx.random(book.operating, 'noise');
  const descriptions = ['REMOTE DEPOSIT CAPTURE', 'COUNTER DEPOSIT', 'MOBILE DEPOSIT', 'MISC ACH CREDIT'];
  return [
    (day) => {
      for (let n = random.int(0, 2); n > 0; n -= 1) {
        const cents = random.int(8_000, 1_200_000);
        ctx.ledger.post(book.operating.key, day, cents, random.pick(descriptions));
      }
      if (random.chance(0.02)) {
        ctx.ledger.post(book.operating.key, day, -random.int(2_500, 90_000), 'RETURNED DEPOSITED ITEM NSF');
      }
    },
  ];
}

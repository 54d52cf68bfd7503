import { biweeklyPaydays, formatIsoDate, monthlyDays } from './demo-calendar';
import {
  BUSINESS_DAYS_PER_YEAR,
  postTransfer,
  splitCents,
  type ClientBook,
  type DayStream,
  type StreamContext,
} from './stream-context';

/** What the client spends on vendors: what is left of revenue after pay and debt, less a small margin
 * (public entities build fund balance). */
export function vendorShareOf(book: ClientBook): number {
  const e = book.economy;
  const revenue =
    (e.propertyTax?.share ?? 0) +
    e.stateAid.share +
    (e.serviceRevenue?.share ?? 0) +
    (e.federalGrants?.share ?? 0);
  const debt = (e.debtService?.annualDollars ?? 0) / e.annualDollars;
  return revenue - e.payrollShare - debt - 0.008;
}

/**
 * Biweekly payroll: operating funds the payroll account on payday, which pays the net pay, the
 * withheld taxes and the pension contribution the same day (so the payroll account nets to zero).
 */
export function payrollStream(ctx: StreamContext, book: ClientBook): DayStream[] {
  const payroll = book.payroll;
  if (!payroll) return [];
  const paydays = biweeklyPaydays(ctx.window, book.economy.payrollAnchor);
  const random = ctx.random(payroll, 'payroll');
  const perRun = (book.economy.annualDollars * 100 * book.economy.payrollShare) / 26;
  return [
    (day) => {
      if (!paydays.has(day)) return;
      const gross = random.vary(perRun * ctx.growth(day), 0.025);
      postTransfer(ctx, day, gross, book.operating, payroll, 'PAYROLL FUNDING');
      const taxes = Math.round(gross * 0.22);
      const pension = Math.round(gross * 0.1);
      const periodEnd = formatIsoDate(day - 6);
      const ppe = `${periodEnd.slice(5, 7)}/${periodEnd.slice(8, 10)}/${periodEnd.slice(2, 4)}`;
      ctx.ledger.post(payroll.key, day, -(gross - taxes - pension), `PAYROLL DIRECT DEPOSIT PPE ${ppe}`);
      ctx.ledger.post(payroll.key, day, -taxes, 'IRS USATAXPYMT EFTPS PAYROLL TAXES');
      ctx.ledger.post(payroll.key, day, -pension, 'STATE RETIREMENT SYS PAYROLL CONTRIB');
    },
  ];
}

/**
 * Vendor spending: ACH payments from operating, and checks clearing in the disbursement account, which
 * operating funds for the day's total (a zero-balance account stays at zero).
 */
export function vendorStream(ctx: StreamContext, book: ClientBook): DayStream[] {
  const share = vendorShareOf(book);
  const perDay = (book.economy.annualDollars * 100 * share) / BUSINESS_DAYS_PER_YEAR;
  const achRandom = ctx.random(book.operating, 'vendor-ach');
  const checkAccount = book.disbursement ?? book.operating;
  const checkRandom = ctx.random(checkAccount, 'checks');
  let checkNumber = 10_001 + checkRandom.int(0, 40_000);
  return [
    (day) => {
      const achTotal = Math.round(perDay * 0.55 * ctx.growth(day) * (0.4 + 1.2 * achRandom.unit()));
      splitCents(achTotal, achRandom.int(1, 4), achRandom).forEach((cents) => {
        const vendor = achRandom.pick(book.economy.vendors);
        ctx.ledger.post(
          book.operating.key,
          day,
          -cents,
          `ACH DEBIT ${vendor} VENDOR PMT ${achRandom.int(1e5, 9e5)}`,
        );
      });
      const checkTotal = Math.round(perDay * 0.45 * ctx.growth(day) * (0.4 + 1.2 * checkRandom.unit()));
      for (const cents of splitCents(checkTotal, checkRandom.int(1, 7), checkRandom)) {
        ctx.ledger.post(checkAccount.key, day, -cents, `CHECK PAID #${checkNumber}`);
        checkNumber += checkRandom.int(1, 3);
      }
      if (checkAccount !== book.operating)
        postTransfer(ctx, day, checkTotal, book.operating, checkAccount, 'ZBA FUNDING');
    },
  ];
}

/**
 * A sixth of each semiannual payment is set aside monthly in the debt service account, which pays the
 * trustee by wire twice a year; without such an account operating pays the trustee itself.
 */
export function debtServiceStream(ctx: StreamContext, book: ClientBook): DayStream[] {
  const debt = book.economy.debtService;
  if (!debt) return [];
  const account = book.debt ?? book.operating;
  const sinkingDays = book.debt ? monthlyDays(ctx.window, 5) : new Set<number>();
  const paymentDays = monthlyDays(ctx.window, debt.dayOfMonth, debt.months);
  const payment = Math.round((debt.annualDollars * 100) / 2);
  return [
    (day) => {
      if (sinkingDays.has(day))
        postTransfer(ctx, day, Math.round(payment / 6), book.operating, account, 'DEBT SERVICE SINKING FUND');
      if (paymentDays.has(day))
        ctx.ledger.post(account.key, day, -payment, `WIRE OUT TRUSTEE BOND PMT ${debt.series}`);
    },
  ];
}

/** The monthly account-analysis charge on operating and deposit accounts. */
export function bankFeeStream(ctx: StreamContext, book: ClientBook): DayStream[] {
  const days = monthlyDays(ctx.window, 3);
  const charged = [book.operating, book.deposit].filter((a) => a !== undefined);
  const streams = charged.map((account) => {
    const random = ctx.random(account, 'fees');
    return (day: number) => {
      if (days.has(day))
        ctx.ledger.post(account.key, day, -random.int(25_000, 180_000), 'ACCOUNT ANALYSIS SERVICE CHARGE');
    };
  });
  return streams;
}

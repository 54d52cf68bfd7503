import type { DemoAccount } from './demo-accounts';
import { lastBusinessDays, monthlyDays, weekEndBusinessDays } from './demo-calendar';
import type { DayStream, StreamContext } from './stream-context';

const CAPITAL_FUNDING: Record<string, { dollars: number; description: string; payee: string }> = {
  'portalder.capital': {
    dollars: 38_000_000,
    description: 'WIRE IN LTGO 2024 BOND PROCEEDS',
    payee: 'ORCA MARINE CONSTRUCTION',
  },
  'millbrook.escrow': {
    dollars: 60_000_000,
    description: 'WIRE IN MEASURE K BOND PROCEEDS',
    payee: 'SIERRA BUILDERS INC',
  },
  'tririver.capital': {
    dollars: 22_000_000,
    description: 'WIRE IN FTA 5339 CAPITAL GRANT DRAWDOWN',
    payee: 'GILLIG LLC BUS',
  },
};

/** Monthly interest on the balance the account usually carries (a pool pays it as a dividend). */
export function interestStream(ctx: StreamContext, account: DemoAccount): DayStream[] {
  if (account.ratePct <= 0 || account.role === 'capital') return [];
  const days = lastBusinessDays(ctx.window);
  const random = ctx.random(account, 'interest');
  const monthly = (account.typicalDollars * 100 * account.ratePct) / 100 / 12;
  const description = account.category === 'Investment Pool' ? 'DIVIDEND REINVESTED' : 'INTEREST CREDIT';
  return [
    (day) => {
      if (days.has(day)) ctx.ledger.post(account.key, day, random.vary(monthly, 0.08), description);
    },
  ];
}

/**
 * Movements that keep a balance near where it usually is: a sweep moves money most days, reserves
 * now and then by wire. Each move leans back toward the usual balance, so the account does not drift.
 */
export function rebalancingStream(ctx: StreamContext, account: DemoAccount): DayStream[] {
  if (account.role !== 'sweep' && account.role !== 'reserve') return [];
  if (account.category === 'Certificate of Deposit') return [];
  const isSweep = account.role === 'sweep';
  const wireDays = monthlyDays(ctx.window, 18);
  const random = ctx.random(account, 'rebalancing');
  const typical = account.typicalDollars * 100;
  let drift = 0;
  return [
    (day) => {
      if (isSweep ? !random.chance(0.7) : !wireDays.has(day) || !random.chance(0.45)) return;
      const size = Math.round(typical * (isSweep ? 0.01 + 0.08 * random.unit() : 0.03 + 0.1 * random.unit()));
      const isIn = random.unit() > 0.5 + Math.max(-0.4, Math.min(0.4, drift / (typical * 0.5)));
      const cents = isIn ? size : -size;
      drift += cents;
      const description = isSweep
        ? isIn
          ? 'SWEEP INVESTMENT FROM DDA'
          : 'SWEEP REDEMPTION TO DDA'
        : isIn
          ? `INCOMING WIRE FROM OPERATING ${random.int(1e5, 9e5)}`
          : `OUTGOING WIRE TO OPERATING ${random.int(1e5, 9e5)}`;
      ctx.ledger.post(account.key, day, cents, description);
    },
  ];
}

/** Bond proceeds or a capital grant arrive at opening, then monthly pay applications draw them down. */
export function capitalStream(ctx: StreamContext, account: DemoAccount, openDay: number): DayStream[] {
  const funding = CAPITAL_FUNDING[account.key];
  if (account.role !== 'capital' || !funding) return [];
  const drawDays = monthlyDays(ctx.window, 25);
  const interestDays = lastBusinessDays(ctx.window);
  const random = ctx.random(account, 'capital');
  const months = Math.max(1, [...drawDays].filter((d) => d > openDay).length);
  let balance = 0;
  let payApp = 1;
  return [
    (day) => {
      if (day < openDay) return;
      if (balance === 0 && payApp === 1) {
        balance = funding.dollars * 100;
        ctx.ledger.post(account.key, day, balance, funding.description);
      }
      if (drawDays.has(day) && day > openDay) {
        const cents = Math.min(balance, random.vary((funding.dollars * 100 * 0.9) / months, 0.4));
        balance -= cents;
        ctx.ledger.post(account.key, day, -cents, `WIRE OUT ${funding.payee} PAY APP #${payApp}`);
        payApp += 1;
      }
      if (interestDays.has(day) && balance > 0) {
        const cents = Math.round((balance * account.ratePct) / 100 / 12);
        balance += cents;
        ctx.ledger.post(account.key, day, cents, 'INTEREST CREDIT');
      }
    },
  ];
}

/** A custodial trust: many small deposits, weekly commissary and release payments. */
export function trustStream(ctx: StreamContext, account: DemoAccount): DayStream[] {
  if (account.role !== 'trust') return [];
  const random = ctx.random(account, 'trust');
  const weekEnds = weekEndBusinessDays(ctx.window);
  let week = 0;
  let checkNumber = 5_001;
  return [
    (day) => {
      for (let n = random.int(2, 9); n > 0; n -= 1) {
        const cents = random.int(2_000, 30_000);
        week += cents;
        ctx.ledger.post(account.key, day, cents, `INMATE DEPOSIT ACCESS CORR ${random.int(1e6, 9e6)}`);
      }
      if (random.chance(0.3)) {
        ctx.ledger.post(account.key, day, -random.int(5_000, 60_000), `RELEASE CHECK PAID #${checkNumber}`);
        checkNumber += 1;
      }
      if (weekEnds.has(day) && week > 0) {
        ctx.ledger.post(account.key, day, -Math.round(week * 0.8), 'ACH DEBIT KEEFE COMMISSARY VENDOR PMT');
        week = 0;
      }
    },
  ];
}

import { multiplyDecimals, percentToFraction, subtractDecimals } from '../template/decimal-math.js';
import type { InvestmentRow } from '../template/template-context.js';
import { nameInvestmentType } from './name-investment-type.js';
import type { InvestmentPosition, Statement } from './statement.js';

/** SECNAME is cut to the staging fund column's width. */
const MAX_FUND_LENGTH = 50;

/**
 * An OFX investment statement's positions (INVPOSLIST) as staging investments, without a template
 * (issue 39 point 5); rowNumber counts positions through the file. See toInvestmentRow.
 */
export function listInvestmentRows(statements: readonly Statement[]): InvestmentRow[] {
  let rowNumber = 0;
  return statements.flatMap((s) => (s.positions ?? []).map((p) => toInvestmentRow(++rowNumber, s, p)));
}

/** Within half a percent (or a cent): market values are rounded, prices often quoted to a few places. */
function isAbout(value: string, target: string): boolean {
  const difference = Math.abs(Number(subtractDecimals(value, target)));
  return difference <= Math.max(0.01, Math.abs(Number(target)) * 0.005);
}

/**
 * A bond's face value. OFX 2.1.1 gives a bond's UNITS as its face value and its UNITPRICE as a
 * percent of par, so MKTVAL = UNITS x UNITPRICE / 100: the TD Ameritrade fixture's Treasury holds
 * UNITS 1000 at 100 for a MKTVAL of 1000 (its PARVALUE 1000 is the face of one bond). A broker
 * that counts bonds in UNITS instead shows it in the market value (UNITS x PARVALUE x UNITPRICE
 * / 100 = MKTVAL): then the face is UNITS x PARVALUE.
 */
function readFaceValue(position: InvestmentPosition): string {
  const { units, unitPrice, marketValue } = position;
  const parValue = position.security?.parValue;
  if (unitPrice === undefined || marketValue === undefined || parValue === undefined) return units;
  const price = percentToFraction(unitPrice);
  if (isAbout(multiplyDecimals(units, price), marketValue)) return units;
  const counted = multiplyDecimals(units, parValue);
  return isAbout(multiplyDecimals(counted, price), marketValue) ? counted : units;
}

/** MKTVAL, which INVPOS requires; else UNITS x UNITPRICE (a percent of par for a bond). */
function readMarketValue(position: InvestmentPosition, isDebt: boolean): string {
  if (position.marketValue !== undefined) return position.marketValue;
  if (position.unitPrice === undefined) return position.units;
  const price = isDebt ? percentToFraction(position.unitPrice) : position.unitPrice;
  return multiplyDecimals(position.units, price);
}

/**
 * One position as a staging investment:
 * - investmentId: the SECID's UNIQUEID (a CUSIP or ISIN); fund: SECNAME, at most 50 characters.
 * - investmentTypeName: name-investment-type.ts.
 * - faceValue: a bond's face (readFaceValue); any other position's MKTVAL. settlementAmount: MKTVAL.
 * - interestRate: the bond's COUPONRT, else its YIELDTOMAT, a fund's or stock's YIELD, else '0'
 *   (percent, as OFX writes them); couponRate: COUPONRT or null.
 * - settlementDate: DTPRICEASOF, else the statement's DTASOF, else its DTEND.
 * - maturityDate: DTMAT (an option's DTEXPIRE); a position without one (funds, stocks, a bond the
 *   list does not date) matures on its settlement date, as it can be sold at once.
 * - callDate: DTCALL or null.
 */
function toInvestmentRow(
  rowNumber: number,
  statement: Statement,
  position: InvestmentPosition,
): InvestmentRow {
  const security = position.security;
  const settlementDate = position.priceDate ?? statement.asOfDate ?? statement.toDate ?? '';
  const isDebt = (security?.kind ?? position.kind) === 'DEBTINFO' || position.kind === 'POSDEBT';
  const settlementAmount = readMarketValue(position, isDebt);
  const name = (security?.name ?? position.name)?.slice(0, MAX_FUND_LENGTH).trim();
  return {
    rowNumber,
    accountNumber: statement.accountId,
    investmentId: position.securityId === '' ? null : position.securityId,
    investmentTypeName: nameInvestmentType(position, settlementDate),
    fund: name ? name : null,
    faceValue: isDebt ? readFaceValue(position) : settlementAmount,
    settlementAmount,
    interestRate: security?.couponRate ?? security?.yield ?? '0',
    couponRate: security?.couponRate ?? null,
    settlementDate,
    maturityDate: security?.maturityDate ?? settlementDate,
    callDate: security?.callDate ?? null,
  };
}

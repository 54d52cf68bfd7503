import type { InvestmentPosition } from './statement.js';

/** The SECLIST aggregate a position's own aggregate stands for, when the file lists no security. */
const KIND_OF_POSITION: Record<string, string> = {
  POSDEBT: 'DEBTINFO',
  POSMF: 'MFINFO',
  POSOPT: 'OPTINFO',
  POSOTHER: 'OTHERINFO',
  POSSTOCK: 'STOCKINFO',
};

const DAY_MS = 86_400_000;
/** The US Treasury's CUSIP issuer numbers (912795...912834) and its bills' (91279x). */
const TREASURY_CUSIP = /^912[78]/;
const TREASURY_BILL_CUSIP = /^91279/;
const TREASURY_BOND_CUSIP = /^912810/;
const TREASURY_NOTE_CUSIP = /^91282[08C]/;
/** Federal Farm Credit Banks, Federal Home Loan Banks, Freddie Mac, Fannie Mae. */
const AGENCY_CUSIP = /^313[0-5]/;
const MONEY_MARKET = /money\s*market|\bMMF\b/i;

/** Years between two ISO dates, or undefined when either is missing. */
function yearsBetween(from: string | undefined, to: string | undefined): number | undefined {
  if (!from || !to) return undefined;
  return (Date.parse(to) - Date.parse(from)) / DAY_MS / 365.25;
}

/**
 * Treasury bills run up to a year, notes up to ten, bonds longer: the CUSIP's issue prefix says
 * which where it can, else the term from the settlement to the maturity date.
 */
function nameTreasury(id: string, debtType: string | undefined, term: number | undefined): string {
  if (TREASURY_BILL_CUSIP.test(id)) return 'Treasury Bill';
  if (TREASURY_BOND_CUSIP.test(id)) return 'Treasury Bond';
  if (TREASURY_NOTE_CUSIP.test(id)) return 'Treasury Note';
  if (term !== undefined) return term <= 1 ? 'Treasury Bill' : term <= 10 ? 'Treasury Note' : 'Treasury Bond';
  return debtType === 'ZERO' ? 'Treasury Bill' : 'Treasury Note';
}

/**
 * The staging investment type of an OFX position, in the names of the investment types the
 * platform seeds where one fits (Treasury Bill, Treasury Note, Agency Note, Callable Agency Note,
 * Municipal Bond, Corporate Bond, Commercial Paper, Certificate of Deposit, Money Market Fund):
 * - DEBTINFO: DEBTCLASS TREASURY or a Treasury CUSIP gives a Treasury Bill/Note/Bond; an agency
 *   CUSIP an Agency Note (Callable when the bond has a DTCALL); MUNICIPAL and CORPORATE their bonds;
 *   a SECNAME that says commercial paper or certificate of deposit that; any other debt 'Bond'.
 * - MFINFO: 'Money Market Fund' when the name says money market, else 'Mutual Fund'.
 * - STOCKINFO 'Stock', OPTINFO 'Option', OTHERINFO its TYPEDESC (a money market by its name), else
 *   'Other'. A position the SECLIST does not list is named by its own aggregate (POSDEBT: 'Bond').
 */
export function nameInvestmentType(position: InvestmentPosition, settlementDate: string): string {
  const security = position.security;
  const kind = security?.kind ?? KIND_OF_POSITION[position.kind ?? ''] ?? 'OTHERINFO';
  const name = security?.name ?? position.name ?? '';
  const id =
    position.securityIdType === undefined || position.securityIdType === 'CUSIP' ? position.securityId : '';
  switch (kind) {
    case 'DEBTINFO': {
      const debtClass = security?.debtClass?.toUpperCase();
      if (debtClass === 'TREASURY' || TREASURY_CUSIP.test(id)) {
        const term = yearsBetween(settlementDate, security?.maturityDate);
        return nameTreasury(id, security?.debtType?.toUpperCase(), term);
      }
      if (AGENCY_CUSIP.test(id)) return security?.callDate ? 'Callable Agency Note' : 'Agency Note';
      if (debtClass === 'MUNICIPAL') return 'Municipal Bond';
      if (debtClass === 'CORPORATE') return 'Corporate Bond';
      if (/commercial paper/i.test(name)) return 'Commercial Paper';
      if (/certificate of deposit/i.test(name)) return 'Certificate of Deposit';
      return 'Bond';
    }
    case 'MFINFO':
      return MONEY_MARKET.test(name) ? 'Money Market Fund' : 'Mutual Fund';
    case 'STOCKINFO':
      return 'Stock';
    case 'OPTINFO':
      return 'Option';
    default:
      if (MONEY_MARKET.test(name)) return 'Money Market Fund';
      return security?.typeDescription ?? 'Other';
  }
}

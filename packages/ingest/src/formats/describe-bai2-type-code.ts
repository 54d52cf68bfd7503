/**
 * What the common BAI2 detail type codes mean (BAI Cash Management Balance Reporting
 * Specifications, version 2, Appendix A), for a 16 record that carries no text of its own.
 */
const TYPE_CODE_NAMES: Readonly<Record<string, string>> = {
  '108': 'Credit',
  '115': 'Lockbox Deposit',
  '116': 'Item in Lockbox Deposit',
  '118': 'Lockbox Adjustment Credit',
  '121': 'EDI Transaction Credit',
  '135': 'DTC Concentration Credit',
  '142': 'ACH Credit Received',
  '143': 'Item in ACH Deposit',
  '145': 'ACH Concentration Credit',
  '147': 'Individual Bank Card Deposit',
  '155': 'Preauthorized Draft Credit',
  '164': 'Corporate Trade Payment Credit',
  '165': 'Preauthorized ACH Credit',
  '166': 'ACH Settlement',
  '168': 'ACH Return Item or Adjustment Settlement',
  '169': 'Miscellaneous ACH Credit',
  '171': 'Individual Loan Deposit',
  '172': 'Deposit Correction',
  '173': 'Bank-Prepared Deposit',
  '174': 'Other Deposit',
  '175': 'Check Deposit Package',
  '176': 'Re-presented Check Deposit',
  '184': 'Draft Deposit',
  '187': 'Cash Letter Credit',
  '189': 'Cash Letter Adjustment',
  '191': 'Incoming Internal Money Transfer',
  '195': 'Incoming Money Transfer',
  '196': 'Money Transfer Adjustment',
  '201': 'Automatic Transfer Credit',
  '206': 'Book Transfer Credit',
  '208': 'International Money Transfer Credit',
  '252': 'Debit Reversal',
  '255': 'Check Posted and Returned',
  '257': 'Individual ACH Return Item',
  '258': 'ACH Reversal Credit',
  '266': 'Return Item',
  '275': 'ZBA Credit',
  '277': 'ZBA Credit Transfer',
  '295': 'ATM Credit',
  '301': 'Commercial Deposit',
  '354': 'Interest Credit',
  '357': 'Credit Adjustment',
  '395': 'Check Reversal',
  '398': 'Miscellaneous Fee Refund',
  '399': 'Miscellaneous Credit',
  '409': 'Debit',
  '415': 'Lockbox Debit',
  '421': 'EDI Transaction Debit',
  '435': 'Payable-Through Draft',
  '445': 'ACH Concentration Debit',
  '447': 'ACH Disbursement Funding Debit',
  '451': 'ACH Debit Received',
  '452': 'Item in ACH Disbursement or Debit',
  '455': 'Preauthorized ACH Debit',
  '462': 'Account Holder Initiated ACH Debit',
  '464': 'Corporate Trade Payment Debit',
  '466': 'ACH Settlement',
  '468': 'ACH Return Item or Adjustment Settlement',
  '469': 'Miscellaneous ACH Debit',
  '472': 'Cumulative Checks Paid',
  '474': 'Certified Check',
  '475': 'Check',
  '476': 'Federal Reserve Bank Letter Debit',
  '477': 'Bank Originated Debit',
  '479': 'List Post Debit',
  '481': 'Individual Loan Payment',
  '484': 'Draft',
  '485': 'DTC Debit',
  '487': 'Cash Letter Debit',
  '489': 'Cash Letter Adjustment',
  '491': 'Outgoing Internal Money Transfer',
  '493': 'Customer Terminal Initiated Money Transfer',
  '495': 'Outgoing Money Transfer',
  '496': 'Money Transfer Adjustment',
  '501': 'Automatic Transfer Debit',
  '506': 'Book Transfer Debit',
  '508': 'International Money Transfer Debit',
  '522': 'Foreign Check',
  '555': 'Deposited Item Returned',
  '557': 'Individual ACH Return Item',
  '558': 'ACH Reversal Debit',
  '563': 'Overdraft',
  '564': 'Overdraft Fee',
  '566': 'Return Item',
  '567': 'Return Item Fee',
  '575': 'ZBA Debit',
  '577': 'ZBA Debit Transfer',
  '595': 'ATM Debit',
  '631': 'Debit Adjustment',
  '654': 'Interest Debit',
  '661': 'Account Analysis Fee',
  '698': 'Miscellaneous Fees',
  '699': 'Miscellaneous Debit',
};

/** The type codes of a single check, whose serial number is the item's reference. */
const CHECK_TYPE_CODES: ReadonlySet<string> = new Set(['255', '395', '474', '475', '522']);

/**
 * A 16 record's description when it carries no text: a check names its number ("Check 1234", from
 * the customer reference, where BAI2 puts the check serial number, else the bank reference); any
 * other item the meaning of its type code, or the code itself, so no row goes without one.
 */
export function describeBai2TypeCode(
  typeCode: string,
  customerReference: string | undefined,
  bankReference: string | undefined,
): string {
  const name = TYPE_CODE_NAMES[typeCode];
  if (CHECK_TYPE_CODES.has(typeCode)) {
    const number = customerReference ?? bankReference;
    return number ? `${name ?? 'Check'} ${number}` : (name ?? 'Check');
  }
  return name ?? `BAI2 type code ${typeCode}`;
}

/**
 * Keyword categories and keywords (platform.md 3), matched against descriptions the way ingestion does:
 * a keyword found in the description (case-insensitive) applies, and when several do, the one whose
 * category ranks lowest wins (so 'BOOK TRANSFER … PAYROLL FUNDING' is Payroll, not Transfers).
 */
export const DEMO_KEYWORD_CATEGORIES: readonly {
  categoryName: string;
  rank: number;
  keywords: readonly string[];
}[] = [
  { categoryName: 'Debt Service', rank: 1, keywords: ['DEBT SERVICE', 'BOND PMT', 'BOND PROCEEDS'] },
  { categoryName: 'Payroll', rank: 2, keywords: ['PAYROLL', 'EFTPS'] },
  {
    categoryName: 'Tax Receipts',
    rank: 3,
    keywords: ['PROPERTY TAX', 'TAX SETTLEMENT', 'TAX APPORTIONMENT', 'SALES TAX'],
  },
  {
    categoryName: 'State Aid',
    rank: 4,
    keywords: ['STATE AID', 'APPORTIONMENT', 'APPROPRIATION', 'TRANSIT ASSIST', 'REVOLVING FUND'],
  },
  { categoryName: 'Grants', rank: 5, keywords: ['DRAWDOWN'] },
  { categoryName: 'Interest', rank: 6, keywords: ['INTEREST', 'DIVIDEND'] },
  {
    categoryName: 'Charges for Services',
    rank: 7,
    keywords: ['LOCKBOX', 'SETTLEMENT', 'FAREBOX', 'TUITION', 'CAFETERIA', 'AUTOPAY'],
  },
  { categoryName: 'Transfers', rank: 8, keywords: ['TRANSFER', 'SWEEP'] },
  { categoryName: 'Bank Fees', rank: 9, keywords: ['SERVICE CHARGE'] },
  { categoryName: 'Vendor Payments', rank: 10, keywords: ['VENDOR PMT', 'CHECK PAID', 'PAY APP'] },
];

const byRank = DEMO_KEYWORD_CATEGORIES.toSorted((x, y) => x.rank - y.rank).flatMap((c) =>
  c.keywords.map((keyword) => ({ keyword, needle: keyword.toLowerCase() })),
);

/** The keyword a description gets, or null when none applies. */
export function matchKeyword(description: string): string | null {
  const text = description.toLowerCase();
  return byRank.find((k) => text.includes(k.needle))?.keyword ?? null;
}

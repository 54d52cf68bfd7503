import { DEMO_BANKS } from './demo-banks';

/**
 * What a bank sends: a native format the engine reads without a template, or 'csv', a file in the
 * layout of the relationship's Header template (bank-layouts.ts).
 */
export type StatementFormat = 'bai2' | 'camt.053' | 'ofx' | 'csv';

/**
 * The demo banks' statement formats, for `npm run cli -- demo-statements`. Between them the two open
 * reports get every format: Cedar Valley csv (First Meridian, all Transaction accounts, so its
 * Transaction batch reads them through the template), BAI2 and camt.053; Millbrook OFX, camt.053 and
 * BAI2. Native formats suit the Investment and Hybrid batches, whose relationships have no template.
 */
export const DEMO_STATEMENT_FORMATS: Record<string, StatementFormat> = {
  meridian: 'csv',
  prairie: 'bai2',
  pool: 'camt.053',
  cascade: 'csv',
  evergreen: 'csv',
  pacific: 'ofx',
  piedmont: 'bai2',
  southern: 'bai2',
};

/** The format of a bank by its name; a bank the demo did not create gets its template's csv. */
export function findStatementFormat(bankName: string): StatementFormat {
  const bank = DEMO_BANKS.find((b) => b.input.bankName === bankName);
  return (bank && DEMO_STATEMENT_FORMATS[bank.key]) ?? 'csv';
}

export const FILE_EXTENSIONS: Record<StatementFormat, string> = {
  bai2: 'bai2',
  'camt.053': 'xml',
  ofx: 'ofx',
  csv: 'csv',
};

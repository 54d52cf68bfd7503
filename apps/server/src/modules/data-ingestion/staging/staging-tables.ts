import type { InvestmentRow, TransactionRow } from '@tideline/ingest/template/template-context';
import type { StagingTable, StagingValue } from './staging-sinks';

// The two staging tables a file's rows stream into, and how one canonical row becomes one table row.
// Everything a row needs is known before the first batch arrives, so the COPY runs without a query.

const REF_COLUMNS = [
  'client_id',
  'batch_id',
  'batch_account_id',
  'batch_file_id',
  'row_number',
  'sheet_name',
];
const REF_TYPES = ['int', 'int', 'int', 'int', 'int', 'text'];

export const STAGING_TRANSACTIONS: StagingTable = {
  name: 'staging_transactions',
  columns: [
    ...REF_COLUMNS,
    'transaction_date',
    'description',
    'amount',
    'keyword_id',
    'statement_index',
    'bank_reference',
  ],
  types: [...REF_TYPES, 'date', 'text', 'numeric', 'int', 'int', 'text'],
};

export const STAGING_INVESTMENTS: StagingTable = {
  name: 'staging_investments',
  columns: [
    ...REF_COLUMNS,
    'market_identifier',
    'investment_type_name',
    'investment_type_id',
    'fund',
    'face_value',
    'settlement_amount',
    'interest_rate',
    'coupon_rate',
    'settlement_date',
    'maturity_date',
    'call_date',
  ],
  types: [
    ...REF_TYPES,
    'text',
    'text',
    'int',
    'varchar',
    'numeric',
    'numeric',
    'numeric',
    'numeric',
    'date',
    'date',
    'date',
  ],
};

export interface RowRefs {
  clientId: number;
  batchId: number;
  batchAccountId: number;
  batchFileId: number;
}

export interface RowContext {
  keywordOf(description: string): number | null;
  investmentTypeIdOf(name: string): number | null;
}

/** PostgreSQL refuses NUL in text; a statement has no use for it. */
const clean = (text: string) => (text.includes('\u0000') ? text.replaceAll('\u0000', '') : text);

/** Whether a normalised decimal ("-1234.5") fits numeric(precision, scale) once rounded to scale. */
function fitsNumeric(value: string, precision: number, scale: number): boolean {
  const match = /^-?(\d+)(?:\.\d*)?$/.exec(value);
  if (!match) return false;
  return match[1]!.replace(/^0+(?=\d)/, '').length <= precision - scale;
}

/** Why the row cannot be staged as it is, or null. Numbers past the column's size are refused whole. */
export function checkRow(row: TransactionRow | InvestmentRow): string | null {
  if ('amount' in row) return fitsNumeric(row.amount, 18, 2) ? null : `the amount ${row.amount} is too large`;
  if (!fitsNumeric(row.faceValue, 18, 2)) return `the face value ${row.faceValue} is too large`;
  if (!fitsNumeric(row.settlementAmount, 18, 2))
    return `the settlement amount ${row.settlementAmount} is too large`;
  if (!fitsNumeric(row.interestRate, 9, 6)) return `the interest rate ${row.interestRate} is too large`;
  if (row.couponRate !== null && !fitsNumeric(row.couponRate, 9, 6))
    return `the coupon rate ${row.couponRate} is too large`;
  if (row.fund !== null && row.fund.length > 50) return 'the fund name is longer than 50 characters';
  return null;
}

function refValues(refs: RowRefs, row: { rowNumber: number; sheet?: string }): StagingValue[] {
  return [
    refs.clientId,
    refs.batchId,
    refs.batchAccountId,
    refs.batchFileId,
    row.rowNumber,
    row.sheet ?? null,
  ];
}

export function toTransactionValues(refs: RowRefs, row: TransactionRow, ctx: RowContext): StagingValue[] {
  const description = clean(row.description);
  return [
    ...refValues(refs, row),
    row.date,
    description,
    row.amount,
    ctx.keywordOf(description),
    row.statementIndex ?? null,
    row.bankReference === undefined ? null : clean(row.bankReference),
  ];
}

export function toInvestmentValues(refs: RowRefs, row: InvestmentRow, ctx: RowContext): StagingValue[] {
  const typeName = clean(row.investmentTypeName);
  return [
    ...refValues(refs, row),
    row.investmentId === null ? null : clean(row.investmentId),
    typeName,
    ctx.investmentTypeIdOf(typeName),
    row.fund === null ? null : clean(row.fund),
    row.faceValue,
    row.settlementAmount,
    row.interestRate,
    row.couponRate,
    row.settlementDate,
    row.maturityDate,
    row.callDate,
  ];
}

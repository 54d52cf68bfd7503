import type { TemplateType } from '@tideline/contracts/templates/templates.schemas';

// Create Header Row Template from a failed file (issue 42 point 3): the new template's columns are
// read from the file's own detected header row, never copied from another layout's template (whose
// date column may hold this file's account number: '"44103140601" is not a date').

/** One template field, the header names that mean it, and whether it takes several columns. */
interface ColumnRule {
  field: string;
  pattern: RegExp;
  isList?: boolean;
}

// Order matters: a header goes to the first rule that claims it (Cr/Dr before Credit, Settlement
// Date before any date).
const TRANSACTION_RULES: readonly ColumnRule[] = [
  {
    field: 'creditDebit',
    pattern: /^(cr\s*\/\s*dr|dr\s*\/\s*cr|credit\s*\/\s*debit|debit\s*\/\s*credit|c\s*\/\s*d|d\s*\/\s*c)$/,
  },
  { field: 'date', pattern: /\b(date|posted)\b/ },
  { field: 'accountNumber', pattern: /\b(account|acct)\b(?!.*\b(name|type)\b)/ },
  { field: 'amountDebit', pattern: /\b(debit|withdrawals?)\b/ },
  { field: 'amountCredit', pattern: /\b(credit|deposits?)\b/ },
  { field: 'balance', pattern: /\bbalance\b/ },
  { field: 'amount', pattern: /\bamount\b/ },
  {
    field: 'description',
    pattern: /\b(description|details?|memo|payee|narrative|activity|transaction type)\b|^type$/,
    isList: true,
  },
];

const INVESTMENT_RULES: readonly ColumnRule[] = [
  { field: 'settlementDate', pattern: /\bsettle(ment)?\b.*\bdate\b/ },
  { field: 'maturityDate', pattern: /\bmatur(ity|es)?\b/ },
  { field: 'callDate', pattern: /\bcall\b/ },
  { field: 'settlementAmount', pattern: /\bsettle(ment)?\b.*\b(amount|value|cost)\b|^(cost|principal)$/ },
  { field: 'faceValue', pattern: /\b(face|par)\b/ },
  { field: 'couponRate', pattern: /\bcoupon\b/ },
  { field: 'interestRate', pattern: /\b(yield|interest rate|rate)\b/ },
  { field: 'investmentId', pattern: /\b(cusip|isin|sedol|security id|investment id)\b/ },
  { field: 'accountNumber', pattern: /\b(account|acct)\b(?!.*\b(name|type)\b)/ },
  { field: 'investmentType', pattern: /\btype\b/ },
  { field: 'fund', pattern: /\bfund\b/ },
];

const RULES: Partial<Record<TemplateType, readonly ColumnRule[]>> = {
  Transaction: TRANSACTION_RULES,
  Investment: INVESTMENT_RULES,
};

/**
 * The column fields (0-based numbers as text, as templates store them) that a header row names, and
 * the header's first cell as the First Cell Text the form requires. A header no rule claims is left
 * out; a field no header names stays empty for the analyst. Treasury templates have no columns.
 */
export function guessTemplateColumns(type: TemplateType, headerRow: string): Record<string, string> {
  const rules = RULES[type];
  const headers = headerRow.split(',').map((h) => h.trim());
  const fields: Record<string, string> = {};
  if (!rules) return fields;
  if (headers[0]) fields.cellHeaderData = headers[0];
  headers.forEach((header, index) => {
    const name = header.toLocaleLowerCase('en-US').replace(/\s+/g, ' ');
    const rule = rules.find((r) => r.pattern.test(name) && (r.isList || fields[r.field] === undefined));
    if (!rule) return;
    fields[rule.field] = fields[rule.field] === undefined ? String(index) : `${fields[rule.field]},${index}`;
  });
  return fields;
}

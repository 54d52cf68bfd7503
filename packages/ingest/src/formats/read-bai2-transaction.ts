import { describeBai2TypeCode } from './describe-bai2-type-code.js';
import { detachText } from './detach-text.js';
import { readBankReference } from './read-bank-reference.js';
import { countFundsFields, readBai2Date } from './read-bai2-account.js';
import type { Bai2Record } from './split-bai2-records.js';
import type { StatementTransaction } from './statement.js';

/** BAI2 type codes: 100-399 credits, 400-699 debits; 900-959 custom credits, 960-999 custom debits. */
export function isDebitTypeCode(code: string): boolean {
  const n = Number(code);
  return (n >= 400 && n < 700) || n >= 960;
}

/**
 * A transaction detail record (16, with its 88 continuations): type code, unsigned amount in minor
 * units, funds type (a V gives the value date), bank and customer reference, then free text that
 * may hold commas. The amount is signed by the type code; the bank reference is the one the
 * server matches duplicates by. A message when a field cannot be read.
 */
export function readBai2Transaction(
  record: Bai2Record,
  date: string,
  decimals: number,
): { transaction: StatementTransaction; minorUnits: number | bigint } | string {
  const f = record.fields;
  const typeCode = f[0]?.trim() ?? '';
  if (!/^\d{3}$/.test(typeCode)) return `"${typeCode}" is not a BAI2 type code`;
  const amountText = f[1]?.trim() ?? '';
  if (!/^\d*$/.test(amountText)) return `the amount "${amountText}" is not a number`;
  const fundsType = f[2]?.trim().toUpperCase() ?? '';
  const extra = countFundsFields(fundsType, f, 3);
  if (typeof extra === 'string') return extra;
  const valueDate = fundsType === 'V' ? readBai2Date(f[3] ?? '') : undefined;
  const rest = f.slice(3 + extra);
  const bankReference = rest[0]?.trim() ?? '';
  const customerReference = rest[1]?.trim() ?? '';
  const magnitude = fromUnsignedMinorUnits(amountText || '0', decimals);
  const text = readText(rest);
  // A 16 without text (a check, mostly) is described by its type code, never left blank.
  const description =
    text !== ''
      ? text
      : describeBai2TypeCode(
          typeCode,
          readBankReference(customerReference),
          readBankReference(bankReference),
        );
  const transaction: StatementTransaction = {
    date,
    amount: isDebitTypeCode(typeCode) && magnitude !== '0' ? `-${magnitude}` : magnitude,
    description: detachText(description),
    typeCode,
  };
  if (valueDate) transaction.valueDate = valueDate;
  if (bankReference) transaction.bankReference = detachText(bankReference);
  if (customerReference) transaction.customerReference = detachText(customerReference);
  // Up to 15 digits add up exactly as numbers; longer amounts are added as BigInts.
  const minorUnits = amountText.length <= 15 ? Number(amountText) : BigInt(amountText);
  return { transaction, minorUnits };
}

/**
 * The free text after the references: one field, or several when the text held commas, and the
 * parts its 88 continuations added (each starting with NUL, split-bai2-records.ts).
 */
function readText(rest: readonly string[]): string {
  if (rest.length <= 3 && !(rest[2] ?? '').includes('\u0000')) return (rest[2] ?? '').trim();
  return rest
    .slice(2)
    .join(',')
    .split('\u0000')
    .map((part) => part.replace(/^,|,$/g, '').trim())
    .filter((part) => part !== '')
    .join(' ');
}

/** Unsigned minor units to a decimal string ("000012345", 2 -> "123.45"), without BigInt. */
function fromUnsignedMinorUnits(digits: string, decimals: number): string {
  let from = 0;
  while (from < digits.length - 1 && digits.charCodeAt(from) === 48) from++;
  const body = from === 0 ? digits : digits.slice(from);
  if (decimals === 0) return body;
  const padded = body.length > decimals ? body : '0'.repeat(decimals + 1 - body.length) + body;
  const point = padded.length - decimals;
  let end = padded.length;
  while (end > point && padded.charCodeAt(end - 1) === 48) end--;
  const whole = padded.slice(0, point);
  return end === point ? whole : `${whole}.${padded.slice(point, end)}`;
}

import { addDecimals, negateDecimal } from '../template/decimal-math.js';
import { normalizeDecimal } from '../template/parse-amount.js';
import { buildDate } from '../template/parse-date.js';
import { describeCamtDetail, describeRemittance } from './describe-camt-detail.js';
import { detachText } from './detach-text.js';
import type { StatementTransaction } from './statement.js';

/** One TxDtls of an entry, as read: a payment of a batch, or the details of a single payment. */
export interface CamtDetailDraft {
  amount?: string;
  currency?: string;
  /** AmtDtls/TxAmt/Amt, the amount of versions before TxDtls/Amt existed. */
  transactionAmount?: string;
  transactionCurrency?: string;
  indicator?: string;
  endToEndId?: string;
  /** Refs/AcctSvcrRef: the bank's reference of this payment of a batch. */
  servicerReference?: string;
  /** RltdPties names. */
  debtor?: string;
  ultimateDebtor?: string;
  creditor?: string;
  ultimateCreditor?: string;
  unstructured: string[];
  /** RmtInf Strd: creditor references (CdtrRefInf/Ref) and additional remittance lines. */
  references: string[];
  /** AddtlTxInf. */
  additionalInfo?: string;
}

/** One Ntry, as read. Text is kept as written; readCamtEntry checks and converts it. */
export interface CamtEntryDraft {
  amount?: string;
  currency?: string;
  indicator?: string;
  isReversal?: string;
  bookingDate?: string;
  valueDate?: string;
  servicerReference?: string;
  domainCode?: string;
  proprietaryCode?: string;
  additionalInfo?: string;
  details: CamtDetailDraft[];
}

export const createEntryDraft = (): CamtEntryDraft => ({ details: [] });
export const createDetailDraft = (): CamtDetailDraft => ({ unstructured: [], references: [] });

/** Already in normal form: no leading zeros, no trailing zeros in the fraction. */
const NORMAL_DECIMAL = /^(?:0|[1-9]\d*)(?:\.\d*[1-9])?$/;

/** A camt ActiveOrHistoricCurrencyAndAmount: digits with an optional fraction, no sign. */
export function readCamtDecimal(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  if (NORMAL_DECIMAL.test(text)) return detachText(text);
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text);
  return m ? normalizeDecimal(m[1] === '-', m[2] ?? '0', m[3] ?? '') : undefined;
}

/** Dates already read: a statement's entries share a few dozen dates, each checked once. */
const knownDates = new Map<string, string | undefined>();
/** The last date read, compared before the map: consecutive entries mostly share their date. */
let lastDate: { key: string; value: string | undefined } = { key: '', value: undefined };

/** ISODate or ISODateTime: the date part, checked to be a real day. */
export function readCamtDate(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const key = text.length === 10 ? text : text.slice(0, 10);
  if (key === lastDate.key) return lastDate.value;
  let value: string | undefined;
  if (knownDates.has(key)) {
    value = knownDates.get(key);
  } else {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(key);
    const date = m ? buildDate(Number(m[1]), Number(m[2]), Number(m[3]), text) : undefined;
    value = date?.ok ? date.value : undefined;
    if (knownDates.size > 4096) knownDates.clear();
    knownDates.set(detachText(key), value);
  }
  lastDate = { key: detachText(key), value };
  return value;
}

/** CRDT or DBIT applied to an amount; undefined for any other indicator. */
export function signCamtAmount(amount: string, indicator: string | undefined): string | undefined {
  if (indicator === 'CRDT') return amount;
  if (indicator === 'DBIT') return negateDecimal(amount);
  return undefined;
}

const customerReference = (detail: CamtDetailDraft | undefined) =>
  detail?.endToEndId && detail.endToEndId !== 'NOTPROVIDED' ? detachText(detail.endToEndId) : undefined;

export interface CamtEntryRows {
  rows: StatementTransaction[];
  /** Set when the details carry amounts that do not add up to the booked amount. */
  warning?: string;
}

/**
 * Turns an entry into rows. A batch whose TxDtls carry their own amounts (in the entry's currency,
 * adding up to the booked amount) gives one row per payment, signed by the detail's CdtDbtInd or
 * else the entry's; any other entry is one row described by every detail's text.
 */
export function readCamtEntry(entry: CamtEntryDraft): CamtEntryRows | string {
  const amount = readCamtDecimal(entry.amount);
  if (amount === undefined) return `the amount '${entry.amount ?? ''}' is not a number`;
  const signed = signCamtAmount(amount, entry.indicator);
  if (signed === undefined)
    return `the credit/debit indicator '${entry.indicator ?? ''}' is neither CRDT nor DBIT`;
  const date = readCamtDate(entry.bookingDate) ?? readCamtDate(entry.valueDate);
  if (!date) {
    return entry.bookingDate === undefined && entry.valueDate === undefined
      ? 'the entry has no booking or value date'
      : `the booking date '${entry.bookingDate ?? entry.valueDate ?? ''}' is not a date`;
  }
  const base: StatementTransaction = { date, amount: signed, description: '' };
  const valueDate = readCamtDate(entry.valueDate);
  if (valueDate) base.valueDate = valueDate;
  const isReversal = entry.isReversal === 'true';
  if (isReversal) base.isReversal = true;
  const code = entry.proprietaryCode ?? entry.domainCode;
  if (code) base.typeCode = code;

  const { details } = entry;
  // A payment's parties are those of the money's way in or out; a reversal's, those of the original.
  const isPaidIn = (amount: string) => !amount.startsWith('-') !== isReversal;
  const payments = details.length > 1 ? readPayments(details, entry) : undefined;
  if (typeof payments === 'string') return payments;
  if (payments) {
    const total = payments.reduce((sum, p) => addDecimals(sum, p.amount), '0');
    if (total === signed) {
      return {
        rows: payments.map((p, i) => {
          const detail = details[i] as CamtDetailDraft;
          const row: StatementTransaction = {
            ...base,
            amount: p.amount,
            description: detachText(describeCamtDetail(detail, isPaidIn(p.amount), entry.additionalInfo)),
          };
          const bankReference = detail.servicerReference ?? entry.servicerReference;
          if (bankReference) row.bankReference = detachText(bankReference);
          const reference = customerReference(detail);
          if (reference) row.customerReference = reference;
          return row;
        }),
      };
    }
    const texts = describeAll(details, entry, isPaidIn(signed));
    const bankReference = entry.servicerReference;
    return {
      rows: [
        {
          ...base,
          description: texts,
          ...(bankReference ? { bankReference: detachText(bankReference) } : {}),
        },
      ],
      warning: `the ${details.length} payments add up to ${total}, not to the booked ${signed}; kept as one transaction`,
    };
  }
  base.description = describeAll(details, entry, isPaidIn(signed));
  // The entry's AcctSvcrRef, else its one payment's: camt says the bank may give it on either.
  const bankReference =
    entry.servicerReference ?? (details.length === 1 ? details[0]?.servicerReference : undefined);
  if (bankReference) base.bankReference = detachText(bankReference);
  const reference = details.length === 1 ? customerReference(details[0]) : undefined;
  if (reference) base.customerReference = reference;
  return { rows: [base] };
}

/** Every detail's description; the entry's AddtlNtryInf where none has remittance text. */
function describeAll(details: readonly CamtDetailDraft[], entry: CamtEntryDraft, isPaidIn: boolean): string {
  const entryInfo = entry.additionalInfo?.trim() ?? '';
  // One detail, the common entry, without the arrays of the general case.
  if (details.length === 1)
    return detachText(describeCamtDetail(details[0] as CamtDetailDraft, isPaidIn, entryInfo));
  const hasText = details.some((d) => describeRemittance(d) !== '');
  const text = details
    .map((d) => describeCamtDetail(d, isPaidIn))
    .filter((t) => t !== '')
    .join(' ');
  return detachText(hasText ? text : [text, entryInfo].filter((t) => t !== '').join(' '));
}

/**
 * The signed amounts of a batch's payments, undefined when some detail has none (or one in
 * another currency): then the details only describe the entry. A detail amount that is there but
 * unreadable refuses the file.
 */
function readPayments(
  details: readonly CamtDetailDraft[],
  entry: CamtEntryDraft,
): { amount: string }[] | string | undefined {
  const payments: { amount: string }[] = [];
  for (const [index, detail] of details.entries()) {
    const text = detail.amount ?? detail.transactionAmount;
    if (text === undefined) return undefined;
    const currency = detail.amount !== undefined ? detail.currency : detail.transactionCurrency;
    if (currency && entry.currency && currency !== entry.currency) return undefined;
    const amount = readCamtDecimal(text);
    if (amount === undefined) return `payment ${index + 1}: the amount '${text}' is not a number`;
    const signed = signCamtAmount(amount, detail.indicator ?? entry.indicator);
    if (signed === undefined) {
      return `payment ${index + 1}: the credit/debit indicator '${detail.indicator ?? ''}' is neither CRDT nor DBIT`;
    }
    payments.push({ amount: signed });
  }
  return payments;
}

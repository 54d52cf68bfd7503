import type { CamtDetailDraft } from './read-camt-entry.js';

/**
 * Parts joined with spaces, each left out when empty or the same as one before it (a bank that
 * repeats its Ustrd line as AddtlRmtInf). Only whole parts: "Invoice 1" after "Invoice 12" is news.
 */
function joinDistinct(parts: readonly (string | undefined)[]): string {
  const kept: string[] = [];
  for (const raw of parts) {
    const part = raw?.trim() ?? '';
    if (part !== '' && !kept.includes(part)) kept.push(part);
  }
  return kept.join(' ');
}

/**
 * The other side of a payment: who paid a credit (Dbtr, then the UltmtDbtr it paid for), who was
 * paid by a debit (Cdtr, UltmtCdtr). `isPaidIn`: the payment credited the account (a reversal
 * runs a payment back, so its caller says which way the original went).
 */
function listCounterparties(detail: CamtDetailDraft, isPaidIn: boolean): (string | undefined)[] {
  return isPaidIn ? [detail.debtor, detail.ultimateDebtor] : [detail.creditor, detail.ultimateCreditor];
}

/** The bank's remittance text: the Ustrd lines, the Strd references and lines; else the AddtlTxInf. */
export function describeRemittance(detail: CamtDetailDraft): string {
  const text = joinDistinct([...detail.unstructured, ...detail.references]);
  return text !== '' ? text : (detail.additionalInfo?.trim() ?? '');
}

/**
 * A detail's description, keeping what the bank sent (issue 39 point 5): the counterparty's names
 * (those the text does not already hold), then the remittance information, else `fallback` (the
 * entry's AddtlNtryInf).
 */
export function describeCamtDetail(detail: CamtDetailDraft, isPaidIn: boolean, fallback = ''): string {
  const text = describeRemittance(detail) || fallback.trim();
  const names = listCounterparties(detail, isPaidIn).filter((n) => !text.includes(n?.trim() ?? ''));
  return joinDistinct([...names, text]);
}

/**
 * What banks write where they have no reference: SWIFT's NONREF, ISO 20022's NOTPROVIDED, and the
 * blanks, dashes and zeros of exports. Matching duplicates by one of these would pair unrelated rows.
 */
const PLACEHOLDER = /^(?:NONREF|NOTPROVIDED|NOT PROVIDED|NONE|N\/?A|NULL|-+|0+)$/i;

/** The bank's reference of an entry as a row carries it: trimmed, undefined when absent or a placeholder. */
export function readBankReference(text: string | undefined): string | undefined {
  const trimmed = text?.trim();
  if (trimmed === undefined || trimmed === '' || PLACEHOLDER.test(trimmed)) return undefined;
  return trimmed;
}

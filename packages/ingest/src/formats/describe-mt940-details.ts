const SEPA_KEYS = /(EREF|KREF|MREF|CRED|DEBT|SVWZ|ABWA|ABWE|IBAN|BIC)\+/g;

/**
 * German banks structure :86: as ?NN subfields (?00 posting text, ?20-?29 purpose). The purpose
 * may hold SEPA keys; its SVWZ+ part is the remittance text. Line breaks there are only wrapping.
 */
function describeGermanDetails(text: string): string | undefined {
  const flat = text.replace(/\r?\n/g, '');
  if (!/^\d{3}\?\d{2}/.test(flat)) return undefined;
  const subfields = new Map<string, string>();
  const parts = flat.slice(3).split(/\?(\d{2})/);
  for (let i = 1; i + 1 < parts.length; i += 2) {
    const code = parts[i] ?? '';
    subfields.set(code, (subfields.get(code) ?? '') + (parts[i + 1] ?? ''));
  }
  let purpose = ['20', '21', '22', '23', '24', '25', '26', '27', '28', '29', '60', '61', '62', '63']
    .map((c) => subfields.get(c) ?? '')
    .join('');
  const keys = [...purpose.matchAll(SEPA_KEYS)];
  const remittance = keys.findIndex((k) => k[1] === 'SVWZ');
  if (remittance >= 0) {
    const start = (keys[remittance]?.index ?? 0) + 5;
    purpose = purpose.slice(start, keys[remittance + 1]?.index ?? purpose.length);
  }
  return [subfields.get('00') ?? '', purpose.trim()].filter((p) => p !== '').join(' ');
}

/** Sberbank's :NS: blocks: each line starts with a two-digit code. */
function describeNonSwiftText(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(/^\d{2}/, ''))
    .filter((line) => line.trim() !== '')
    .join('\n');
}

/** A transaction's description: the :86: text (German subfields read), else :NS:, else supplementary details. */
export function describeMt940Details(
  details: string | undefined,
  nonSwift: string | undefined,
  supplementary: string,
): string {
  if (details !== undefined && details.trim() !== '') return describeGermanDetails(details) ?? details;
  if (nonSwift !== undefined && nonSwift.trim() !== '') return describeNonSwiftText(nonSwift);
  return supplementary;
}

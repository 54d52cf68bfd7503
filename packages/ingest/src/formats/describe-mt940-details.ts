const SEPA_KEYS = /(EREF|KREF|MREF|CRED|DEBT|SVWZ|ABWA|ABWE|IBAN|BIC)\+/g;

/** SWIFT's line length for :86: (6*65x): a line this long was cut by it, not by the bank. */
const SWIFT_LINE_LENGTH = 65;

/**
 * The structured :86: as one line. SWIFT cuts lines at 65 characters wherever that falls (inside
 * a word, even inside a "?22" subfield code), so a full line joins the next with nothing, as does
 * a break before or inside a subfield code; any other break the bank chose between words: a space
 * (the reader already trimmed the padding at line ends, so a full line that ended in a space is
 * shorter than 65 and keeps it).
 */
function flattenStructured(text: string): string {
  const lines = text.split(/\r?\n/);
  let flat = lines[0] ?? '';
  for (let i = 1; i < lines.length; i++) {
    const above = lines[i - 1] ?? '';
    const line = lines[i] ?? '';
    const isCut = above.length >= SWIFT_LINE_LENGTH || /^\?\d/.test(line) || /\?\d?$/.test(above);
    flat += isCut ? line : ` ${line}`;
  }
  return flat;
}

/**
 * German banks structure :86: as ?NN subfields (?00 posting text, ?20-?29 and ?60-?63 purpose,
 * ?32-?33 the counterparty's name). The purpose may hold SEPA keys; its SVWZ+ part is the
 * remittance text. The subfields are fixed-width pieces of one text, so a purpose or a name cut
 * across two of them ("...Zeichen B?33eginn...") joins with nothing between. The name comes last,
 * after the posting text and purpose, padding runs of spaces read as one.
 */
function describeGermanDetails(text: string): string | undefined {
  const flat = flattenStructured(text);
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
  const name = ((subfields.get('32') ?? '') + (subfields.get('33') ?? '')).replace(/\s+/g, ' ').trim();
  const described = [subfields.get('00') ?? '', purpose.trim()].filter((p) => p !== '').join(' ');
  if (name === '' || described.includes(name)) return described;
  return described === '' ? name : `${described} ${name}`;
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

// DOS Latin-2 (CP852) bytes 0x80-0xFF: Central European banks still write MT940 in it.
const CP852_HIGH =
  'ÇüéâäůćçłëŐőîŹÄĆÉĹĺôöĽľŚśÖÜŤťŁ×čáíóúĄąŽžĘę¬źČş«»░▒▓│┤ÁÂĚŞ╣║╗╝Żż┐└┴┬├─┼Ăă╚╔╩╦╠═╬¤đĐĎËďŇÍÎě┘┌█▄ŢŮ▀' +
  'ÓßÔŃńňŠšŔÚŕŰýÝţ´\u00ad˝˛ˇ˘§÷¸°¨˙űŘř■\u00a0';

/** Byte to UTF-16 code unit: a table lookup per byte, then one native conversion per chunk. */
const CP852_UNITS = Uint16Array.from({ length: 256 }, (_, byte) =>
  byte < 0x80 ? byte : CP852_HIGH.charCodeAt(byte - 0x80) || 0xfffd,
);

export function decodeCp852(bytes: Uint8Array): string {
  const units = new Uint16Array(bytes.length);
  for (let i = 0; i < bytes.length; i++) units[i] = CP852_UNITS[bytes[i] as number] as number;
  return Buffer.from(units.buffer, units.byteOffset, units.byteLength).toString('utf16le');
}

/**
 * Accented letters that sit in a word: a non-ASCII letter with a letter of the same case beside
 * it ("Café", "ÖSSZEG", "utánvét"). Read in the wrong code page, the same bytes become box
 * drawing, punctuation, or capitals inside lowercase words ("CafÚ"), which do not count.
 */
export function countAccentedLetters(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) continue;
    const letter = text[i] as string;
    if (!LETTER.test(letter)) continue;
    const caseOf = caseOfLetter(letter);
    if (caseOfLetter(text[i - 1]) === caseOf || caseOfLetter(text[i + 1]) === caseOf) count++;
  }
  return count;
}

const LETTER = /\p{L}/u;

/** 1 lowercase, 2 uppercase, 0 anything else (no letter, or a letter without case). */
function caseOfLetter(c: string | undefined): number {
  if (c === undefined || !LETTER.test(c)) return 0;
  if (c !== c.toUpperCase()) return 1;
  return c !== c.toLowerCase() ? 2 : 0;
}

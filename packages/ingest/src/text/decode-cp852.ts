import { decodeWindows1252 } from './decode-text.js';

// DOS Latin-2 (CP852) bytes 0x80-0xFF: Central European banks still write MT940 in it.
const CP852_HIGH =
  'ÇüéâäůćçłëŐőîŹÄĆÉĹĺôöĽľŚśÖÜŤťŁ×čáíóúĄąŽžĘę¬źČş«»░▒▓│┤ÁÂĚŞ╣║╗╝Żż┐└┴┬├─┼Ăă╚╔╩╦╠═╬¤đĐĎËďŇÍÎě┘┌█▄ŢŮ▀' +
  'ÓßÔŃńňŠšŔÚŕŰýÝţ´\u00ad˝˛ˇ˘§÷¸°¨˙űŘř■\u00a0';

export function decodeCp852(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes)
    out += byte < 0x80 ? String.fromCharCode(byte) : (CP852_HIGH[byte - 0x80] ?? '\ufffd');
  return out;
}

const countLetters = (text: string) =>
  // eslint-disable-next-line no-control-regex -- control bytes (NUL, SOH, ETX) are what these checks look for
  (text.match(/[^\x00-\x7f]/g) ?? []).filter((c) => /\p{L}/u.test(c)).length;

/**
 * For 8-bit text with no declared encoding: UTF-8 when valid, else whichever of Windows-1252 and
 * CP852 turns the high bytes into more letters (accented words, not box drawing or punctuation).
 */
export function decodeEightBitText(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\ufeff/, '');
  } catch {
    const western = decodeWindows1252(bytes);
    const central = decodeCp852(bytes);
    return countLetters(central) > countLetters(western) ? central : western;
  }
}

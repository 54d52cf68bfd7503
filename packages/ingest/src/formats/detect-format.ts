import { guardCall } from '../core/guard-reader.js';
import { fail, ok, type Result } from '../core/result.js';

export type FileFormat =
  'bai2' | 'camt' | 'camt.086' | 'ofx' | 'mt940' | 'xlsx' | 'xls' | 'pdf' | 'json' | 'csv';

const SNIFF_BYTES = 8192;

function startsWith(bytes: Uint8Array, signature: number[]): boolean {
  return signature.every((b, i) => bytes[i] === b);
}

function sniffText(bytes: Uint8Array): string {
  const head = bytes.subarray(0, SNIFF_BYTES);
  if (startsWith(head, [0xff, 0xfe])) return new TextDecoder('utf-16le').decode(head);
  if (startsWith(head, [0xfe, 0xff])) return new TextDecoder('utf-16be').decode(head);
  // Without a BOM, UTF-16 shows NULs in every other byte; drop them to read the ASCII skeleton.
  const nulCount = head.reduce((n, b) => n + (b === 0 ? 1 : 0), 0);
  const text = new TextDecoder('latin1').decode(head);
  // eslint-disable-next-line no-control-regex -- control bytes (NUL, SOH, ETX) are what these checks look for
  return nulCount > head.length / 3 ? text.replace(/\u0000/g, '') : text;
}

function looksBinary(text: string): boolean {
  // eslint-disable-next-line no-control-regex -- control bytes (NUL, SOH, ETX) are what these checks look for
  const controls = text.match(/[\u0000-\u0008\u000e-\u001a\u001c-\u001f]/g)?.length ?? 0;
  return controls > Math.max(2, text.length * 0.01);
}

/**
 * Picks the reader by content, not by extension (issue 7 point 2): signatures for PDF, XLSX and
 * XLS; root elements and namespaces for camt and OFX; record shapes for BAI2 and MT940; JSON by
 * its first character; anything else that is text is delimited text. The file name only breaks
 * ties that content cannot (a .txt of tab-separated values is read like .csv anyway).
 */
export function detectFormat(bytes: Uint8Array, fileName = ''): Result<FileFormat> {
  const name = typeof fileName === 'string' ? fileName : '';
  return guardCall('Recognising the file format', () => detectContent(bytes, name));
}

function detectContent(bytes: Uint8Array, fileName: string): Result<FileFormat> {
  if (bytes.byteLength === 0) return fail({ kind: 'empty-file', message: 'The file is empty.' });
  const head = bytes.subarray(0, 1024);
  if (new TextDecoder('latin1').decode(head).includes('%PDF-')) return ok('pdf');
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    const tail = new TextDecoder('latin1').decode(bytes.subarray(Math.max(0, bytes.byteLength - 65_536)));
    const start = new TextDecoder('latin1').decode(bytes.subarray(0, 65_536));
    if (tail.includes('xl/') || start.includes('xl/')) return ok('xlsx');
    return unknown(fileName, 'a zip archive that is not an Excel workbook');
  }
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return ok('xls');

  const text = sniffText(bytes)
    .replace(/^\ufeff/, '')
    // eslint-disable-next-line no-control-regex -- control bytes (NUL, SOH, ETX) are what these checks look for
    .replace(/^[\s\u0001]+/, '');
  if (text === '') return fail({ kind: 'empty-file', message: 'The file has no content.' });
  if (looksBinary(text)) return unknown(fileName, 'binary content');
  if (/^<\?xml|^</.test(text)) {
    if (/camt\.086|BkSvcsBllgStmt/.test(text)) return ok('camt.086');
    if (/camt\.05[234]|BkToCstmr(Stmt|AcctRpt|DbtCdtNtfctn)/.test(text)) return ok('camt');
    if (/<OFX>|<\?OFX/i.test(text)) return ok('ofx');
    return unknown(fileName, 'XML that is neither camt nor OFX');
  }
  if (/^OFXHEADER\s*:/i.test(text) || /<OFX>/i.test(text.slice(0, 2000))) return ok('ofx');
  if (/^01,[^,\r\n]*,[^,\r\n]*,\d{6},/.test(text)) return ok('bai2');
  // An account (:25:) and a statement's fields; no :20: needed, as a page may come without one.
  if (/(^|\n):25:/.test(text) && /(^|\n):(28C?|60[FM]|61|13D?):/.test(text)) return ok('mt940');
  // JSON by its opening: an array of objects, an empty array, or an object with a quoted key.
  if (/^\[\s*([{\]]|$)|^\{\s*("|$)/.test(text)) return ok('json');
  return ok('csv');
}

function unknown(fileName: string, what: string) {
  return fail({
    kind: 'unknown-format' as const,
    fileName,
    // The name is the caller's to add (extractFile prefixes every failure with it).
    message: `The file is ${what}; it is not a format we can read.`,
  });
}

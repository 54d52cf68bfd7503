import type { ExtractionError } from '../core/extraction-error.js';
import type { Limits } from '../core/limits.js';
import { fail, ok, type Result } from '../core/result.js';

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_FILE_HEADER = 0x02014b50;

export interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  crc: number;
  localHeaderOffset: number;
}

function readCentralDirectory(bytes: Uint8Array): ZipEntry[] | string {
  if (bytes.byteLength < 22) return 'the zip has no central directory';
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let eocd = -1;
  for (let i = bytes.byteLength - 22; i >= Math.max(0, bytes.byteLength - 65_557); i--) {
    if (view.getUint32(i, true) === END_OF_CENTRAL_DIRECTORY) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return 'the zip has no central directory (is the file cut off?)';
  const count = view.getUint16(eocd + 10, true);
  let offset = view.getUint32(eocd + 16, true);
  const entries: ZipEntry[] = [];
  const decoder = new TextDecoder();
  for (let i = 0; i < count; i++) {
    if (offset + 46 > bytes.byteLength || view.getUint32(offset, true) !== CENTRAL_FILE_HEADER) {
      return 'the zip central directory is damaged';
    }
    const nameLength = view.getUint16(offset + 28, true);
    if (offset + 46 + nameLength > bytes.byteLength) return 'the zip central directory is damaged';
    entries.push({
      method: view.getUint16(offset + 10, true),
      crc: view.getUint32(offset + 16, true),
      compressedSize: view.getUint32(offset + 20, true),
      uncompressedSize: view.getUint32(offset + 24, true),
      localHeaderOffset: view.getUint32(offset + 42, true),
      name: decoder.decode(bytes.subarray(offset + 46, offset + 46 + nameLength)),
    });
    offset += 46 + nameLength + view.getUint16(offset + 30, true) + view.getUint16(offset + 32, true);
  }
  return entries;
}

/**
 * An entry that inflates past the size the zip declares for it: the declared sizes passed the limit
 * check, so this is a damaged zip or a bomb that lies about itself. Refused as the same limit.
 */
export function refuseUnderstatedEntry(
  entry: Pick<ZipEntry, 'name' | 'uncompressedSize'>,
  limits: Pick<Limits, 'maxXlsxUncompressedBytes'>,
): ExtractionError {
  return {
    ...refuseUnzippedSize(limits),
    message: `The workbook is damaged or a compression bomb: ${entry.name} unpacks to more than the ${entry.uncompressedSize.toLocaleString('en-US')} bytes it declares.`,
  };
}

export function refuseUnzippedSize(limits: Pick<Limits, 'maxXlsxUncompressedBytes'>): ExtractionError {
  return {
    kind: 'limit-exceeded',
    limit: 'xlsxUncompressedSize',
    maximum: limits.maxXlsxUncompressedBytes,
    message: `The workbook unpacks to more than ${Math.round(limits.maxXlsxUncompressedBytes / 1024 / 1024)} MB.`,
  };
}

/**
 * Zip-bomb guard, before any unzipping (issue 7 point 7): the entry count and the declared
 * uncompressed total must be within limits. Each entry is later inflated with its declared size as
 * a hard cap (read-zip-entry.ts), so an entry that lies about its size is caught without ever
 * growing past it, and the total stays within the limit.
 */
export function checkZipLimits(bytes: Uint8Array, limits: Limits): Result<ZipEntry[]> {
  const entries = readCentralDirectory(bytes);
  if (typeof entries === 'string')
    return fail({ kind: 'malformed', format: 'xlsx', message: `XLSX: ${entries}.` });
  if (entries.length > limits.maxXlsxEntries) {
    return fail({
      kind: 'limit-exceeded',
      limit: 'xlsxEntries',
      maximum: limits.maxXlsxEntries,
      message: `The workbook has ${entries.length} zip entries, more than the ${limits.maxXlsxEntries} allowed.`,
    });
  }
  let declared = 0;
  for (const entry of entries) {
    // 0xffffffff announces a zip64 size: more than 4 GB, beyond any limit.
    if (entry.uncompressedSize === 0xffffffff) return fail(refuseUnzippedSize(limits));
    declared += entry.uncompressedSize;
  }
  if (declared > limits.maxXlsxUncompressedBytes) return fail(refuseUnzippedSize(limits));
  return ok(entries);
}

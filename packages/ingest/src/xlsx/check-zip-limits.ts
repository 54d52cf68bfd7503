import { inflateRawSync } from 'node:zlib';
import type { ExtractionError } from '../core/extraction-error.js';
import type { Limits } from '../core/limits.js';

const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const CENTRAL_FILE_HEADER = 0x02014b50;
const LOCAL_FILE_HEADER = 0x04034b50;

interface ZipEntry {
  name: string;
  method: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

function readCentralDirectory(bytes: Uint8Array): ZipEntry[] | string {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let eocd = -1;
  for (let i = bytes.byteLength - 22; i >= Math.max(0, bytes.byteLength - 65_557); i--) {
    if (view.getUint32(i, true) === END_OF_CENTRAL_DIRECTORY) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return 'the zip has no central directory';
  const count = view.getUint16(eocd + 10, true);
  let offset = view.getUint32(eocd + 16, true);
  const entries: ZipEntry[] = [];
  for (let i = 0; i < count; i++) {
    if (offset + 46 > bytes.byteLength || view.getUint32(offset, true) !== CENTRAL_FILE_HEADER) {
      return 'the zip central directory is damaged';
    }
    const nameLength = view.getUint16(offset + 28, true);
    entries.push({
      method: view.getUint16(offset + 10, true),
      compressedSize: view.getUint32(offset + 20, true),
      uncompressedSize: view.getUint32(offset + 24, true),
      localHeaderOffset: view.getUint32(offset + 42, true),
      name: new TextDecoder().decode(bytes.subarray(offset + 46, offset + 46 + nameLength)),
    });
    offset += 46 + nameLength + view.getUint16(offset + 30, true) + view.getUint16(offset + 32, true);
  }
  return entries;
}

/**
 * Zip-bomb guard, before any unzipping (issue 7 point 7): the entry count and the declared
 * uncompressed total must be within limits, and each entry is inflated with its declared size as
 * a hard cap, so an entry that lies about its size is caught without ever growing past it.
 */
export function checkZipLimits(bytes: Uint8Array, limits: Limits): ExtractionError | undefined {
  const entries = readCentralDirectory(bytes);
  if (typeof entries === 'string') return { kind: 'malformed', format: 'xlsx', message: `XLSX: ${entries}.` };
  if (entries.length > limits.maxXlsxEntries) {
    return {
      kind: 'limit-exceeded',
      limit: 'xlsxEntries',
      maximum: limits.maxXlsxEntries,
      message: `The workbook has ${entries.length} zip entries, more than the ${limits.maxXlsxEntries} allowed.`,
    };
  }
  const declared = entries.reduce((sum, e) => sum + e.uncompressedSize, 0);
  const tooBig: ExtractionError = {
    kind: 'limit-exceeded',
    limit: 'xlsxUncompressedSize',
    maximum: limits.maxXlsxUncompressedBytes,
    message: `The workbook unpacks to more than ${Math.round(limits.maxXlsxUncompressedBytes / 1024 / 1024)} MB.`,
  };
  if (declared > limits.maxXlsxUncompressedBytes || entries.some((e) => e.uncompressedSize === 0xffffffff)) {
    return tooBig;
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (const entry of entries) {
    if (entry.method !== 8) continue;
    const at = entry.localHeaderOffset;
    if (at + 30 > bytes.byteLength || view.getUint32(at, true) !== LOCAL_FILE_HEADER) {
      return { kind: 'malformed', format: 'xlsx', message: `XLSX: entry ${entry.name} is damaged.` };
    }
    const dataStart = at + 30 + view.getUint16(at + 26, true) + view.getUint16(at + 28, true);
    try {
      inflateRawSync(bytes.subarray(dataStart, dataStart + entry.compressedSize), {
        maxOutputLength: Math.max(1, entry.uncompressedSize),
      });
    } catch {
      return tooBig;
    }
  }
  return undefined;
}

import { fail, ok, type Result } from '../core/result.js';

// The Compound File Binary container of legacy .xls ([MS-CFB]), read in place: the workbook
// stream's sectors are looked up in the file's bytes and never copied into one buffer, so an .xls
// costs its file size and little more. Every sector a chain names must lie inside the file, and
// chains may not loop: a cut or damaged file is refused, never read in part.

const SIGNATURE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];
const END_OF_CHAIN = 0xfffffffe;
const HEADER_DIFAT = 109;
const DIRECTORY_ENTRY = 128;
const INCOMPLETE = 'it is incomplete (was the upload cut off?)';

export interface CfbStream {
  name: string;
  size: number;
  /** `length` bytes from `position`; shorter at the end of the stream. */
  read(position: number, length: number): Uint8Array;
}

/** Thrown inside this reader; openCfbStream answers it as a failure, `read` only on a reader bug. */
export class CfbDamage extends Error {}

function damage(what: string): never {
  throw new CfbDamage(what);
}

const u16 = (b: Uint8Array, at: number) => (b[at] ?? 0) | ((b[at + 1] ?? 0) << 8);
const u32 = (b: Uint8Array, at: number) => (u16(b, at) | (u16(b, at + 2) << 16)) >>> 0;

interface Container {
  sectorSize: number;
  sectorAt(sector: number): Uint8Array;
  followChain(first: number, next: (sector: number) => number, limit: number): number[];
  nextSector(sector: number): number;
  fatLength: number;
}

function readContainer(bytes: Uint8Array): Container {
  if (bytes.byteLength < 512 || SIGNATURE.some((v, i) => bytes[i] !== v)) {
    damage('it is not an Excel 97-2003 file');
  }
  const sectorShift = u16(bytes, 0x1e);
  if (sectorShift !== 9 && sectorShift !== 12) damage('its container header is invalid');
  const sectorSize = 1 << sectorShift;
  const perSector = sectorSize / 4;
  // The header fills sector -1. Sectors are whole ([MS-CFB] 2.2): a short last one means a cut file.
  const sectorCount = Math.floor((bytes.byteLength - sectorSize) / sectorSize);
  const sectorAt = (sector: number): Uint8Array => {
    if (sector >= sectorCount) damage(INCOMPLETE);
    const start = (sector + 1) * sectorSize;
    return bytes.subarray(start, start + sectorSize);
  };
  const followChain = (first: number, next: (sector: number) => number, limit: number): number[] => {
    const chain: number[] = [];
    for (let sector = first; sector !== END_OF_CHAIN; sector = next(sector)) {
      if (chain.length >= limit || sector > 0xfffffffa) damage('its sector chains are damaged');
      chain.push(sector);
    }
    return chain;
  };

  const fatCount = u32(bytes, 0x2c);
  // The table covers the file's sectors; a table far larger is a damaged (or hostile) header.
  if (fatCount > 2 * Math.ceil(sectorCount / perSector) + 8) damage('its sector table is damaged');
  const fatSectors: number[] = [];
  for (let i = 0; i < HEADER_DIFAT && fatSectors.length < fatCount; i++) {
    fatSectors.push(u32(bytes, 0x4c + i * 4));
  }
  let difat = u32(bytes, 0x44);
  for (let hops = 0; fatSectors.length < fatCount; hops++) {
    if (difat === END_OF_CHAIN || hops > sectorCount) damage('its sector table is damaged');
    const sector = sectorAt(difat);
    for (let i = 0; i < perSector - 1 && fatSectors.length < fatCount; i++)
      fatSectors.push(u32(sector, i * 4));
    difat = u32(sector, sectorSize - 4);
  }
  const fat = new Uint32Array(fatSectors.length * perSector);
  fatSectors.forEach((sector, i) => {
    const table = sectorAt(sector);
    for (let j = 0; j < perSector; j++) fat[i * perSector + j] = u32(table, j * 4);
  });
  const nextSector = (sector: number) =>
    sector < fat.length ? (fat[sector] ?? END_OF_CHAIN) : damage('its sector table is damaged');
  return { sectorSize, sectorAt, followChain, nextSector, fatLength: fat.length };
}

/** Reads a stream laid out in sectors of `sectorSize`, the i-th given by `sectorOf(i)`. */
function createReader(sectorSize: number, sectorOf: (index: number) => Uint8Array, size: number) {
  const part = (at: number, end: number) => {
    const index = Math.floor(at / sectorSize);
    const from = at - index * sectorSize;
    const bytes = sectorOf(index).subarray(from, Math.min(sectorSize, from + end - at));
    if (bytes.byteLength === 0) damage(INCOMPLETE);
    return bytes;
  };
  return (position: number, length: number): Uint8Array => {
    const end = Math.min(size, position + length);
    if (position >= end) return new Uint8Array(0);
    const first = part(position, end);
    if (first.byteLength === end - position) return first;
    const out = new Uint8Array(end - position);
    for (let at = position; at < end;) {
      const bytes = part(at, end);
      out.set(bytes, at - position);
      at += bytes.byteLength;
    }
    return out;
  };
}

interface StreamPlace {
  start: number;
  size: number;
}

function openStream(
  container: Container,
  entry: StreamPlace,
  root: StreamPlace,
  header: { miniSectorSize: number; miniFatStart: number; cutoff: number },
) {
  const { sectorSize, sectorAt, followChain, nextSector, fatLength } = container;
  const inSectors = (place: StreamPlace) => {
    const chain = followChain(place.start, nextSector, fatLength);
    if (chain.length * sectorSize < place.size) damage(INCOMPLETE);
    // Every sector up front, so reading the stream later cannot meet a missing one.
    for (const sector of chain) sectorAt(sector);
    return createReader(sectorSize, (i) => sectorAt(chain[i] ?? damage(INCOMPLETE)), place.size);
  };
  if (entry.size >= header.cutoff) return inSectors(entry);
  // Small streams live in the root's mini stream, in 64-byte sectors with their own table.
  const { miniSectorSize } = header;
  const miniTable = followChain(header.miniFatStart, nextSector, fatLength).map(sectorAt);
  const nextMini = (sector: number) => {
    const table = miniTable[Math.floor((sector * 4) / sectorSize)];
    return table ? u32(table, (sector * 4) % sectorSize) : damage('its mini sector table is damaged');
  };
  const readRoot = inSectors(root);
  const chain = followChain(entry.start, nextMini, miniTable.length * (sectorSize / 4));
  if (chain.length * miniSectorSize < entry.size) damage(INCOMPLETE);
  chain.forEach((mini, i) => {
    if (mini * miniSectorSize + Math.min(miniSectorSize, entry.size - i * miniSectorSize) > root.size) {
      damage(INCOMPLETE);
    }
  });
  return createReader(
    miniSectorSize,
    (i) => readRoot((chain[i] ?? 0) * miniSectorSize, miniSectorSize),
    entry.size,
  );
}

/** Opens the first stream of the container named one of `names` (case-insensitive). */
export function openCfbStream(
  bytes: Uint8Array,
  names: readonly string[],
): Result<CfbStream | undefined, string> {
  try {
    const container = readContainer(bytes);
    const directory = container.followChain(u32(bytes, 0x30), container.nextSector, container.fatLength);
    const entries: { name: string; type: number; start: number; size: number }[] = [];
    for (const index of directory) {
      const sector = container.sectorAt(index);
      for (let at = 0; at + DIRECTORY_ENTRY <= sector.byteLength; at += DIRECTORY_ENTRY) {
        const nameBytes = Math.min(64, u16(sector, at + 64));
        let name = '';
        for (let i = 0; i + 2 < nameBytes; i += 2) name += String.fromCharCode(u16(sector, at + i));
        entries.push({
          name,
          type: sector[at + 66] ?? 0,
          start: u32(sector, at + 116),
          size: u32(sector, at + 120),
        });
      }
    }
    const root = entries[0];
    if (root?.type !== 5) damage('its directory is damaged');
    const wanted = names.map((n) => n.toLowerCase());
    const entry = entries.find((e) => e.type === 2 && wanted.includes(e.name.toLowerCase()));
    if (!entry) return ok(undefined);
    const read = openStream(container, entry, root, {
      miniSectorSize: 1 << u16(bytes, 0x20),
      miniFatStart: u32(bytes, 0x3c),
      cutoff: u32(bytes, 0x38) || 4096,
    });
    return ok({ name: entry.name, size: entry.size, read });
  } catch (cause) {
    if (cause instanceof CfbDamage) return fail(cause.message);
    throw cause;
  }
}

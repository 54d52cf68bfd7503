/**
 * Reads across a record and its CONTINUE records. BIFF8 strings split at a record boundary resume
 * with a fresh option byte saying whether the rest is 8-bit or UTF-16.
 */
export class BiffSegmentReader {
  private segment = 0;
  private offset = 0;

  constructor(private readonly segments: Uint8Array[]) {}

  private current(): Uint8Array | undefined {
    while (this.segment < this.segments.length && this.offset >= (this.segments[this.segment]?.length ?? 0)) {
      this.segment++;
      this.offset = 0;
    }
    return this.segments[this.segment];
  }

  isAtEnd(): boolean {
    return this.current() === undefined;
  }

  readU8(): number {
    const bytes = this.current();
    if (!bytes) throw new RangeError('BIFF record ended early');
    return bytes[this.offset++] ?? 0;
  }

  readU16(): number {
    return this.readU8() | (this.readU8() << 8);
  }

  readU32(): number {
    return (this.readU16() | (this.readU16() << 16)) >>> 0;
  }

  skip(count: number): void {
    for (let i = 0; i < count; i++) this.readU8();
  }

  /** XLUnicodeRichExtendedString (the SST's strings). */
  readRichString(): string {
    const length = this.readU16();
    const flags = this.readU8();
    const runs = flags & 0x08 ? this.readU16() : 0;
    const extra = flags & 0x04 ? this.readU32() : 0;
    const text = this.readChars(length, (flags & 0x01) === 1);
    this.skip(runs * 4 + extra);
    return text;
  }

  private readChars(count: number, isWide: boolean): string {
    let text = '';
    let wide = isWide;
    for (let read = 0; read < count; read++) {
      const bytes = this.segments[this.segment];
      if (bytes && this.offset >= bytes.length && this.segment + 1 < this.segments.length) {
        // A string continued in the next CONTINUE record starts with a new option byte.
        this.segment++;
        this.offset = 0;
        wide = (this.readU8() & 0x01) === 1;
      }
      text += String.fromCharCode(wide ? this.readU16() : this.readU8());
    }
    return text;
  }
}

/** XLUnicodeString inside one record (LABEL, STRING, FORMAT): 16-bit length, option byte, chars. */
export function readRecordString(data: Uint8Array, at: number, lengthBytes: 1 | 2 = 2): string {
  const length = lengthBytes === 2 ? (data[at] ?? 0) | ((data[at + 1] ?? 0) << 8) : (data[at] ?? 0);
  const flags = data[at + lengthBytes] ?? 0;
  let p = at + lengthBytes + 1;
  let text = '';
  const isWide = (flags & 0x01) === 1;
  for (let i = 0; i < length && p < data.length; i++) {
    text += String.fromCharCode(isWide ? (data[p] ?? 0) | ((data[p + 1] ?? 0) << 8) : (data[p] ?? 0));
    p += isWide ? 2 : 1;
  }
  return text;
}

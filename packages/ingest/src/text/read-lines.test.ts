import { describe, expect, it } from 'vitest';
import type { ByteSource } from '../core/byte-source.js';
import { readLines, type ReadLinesOptions } from './read-lines.js';

const OPTIONS: ReadLinesOptions = {
  maxFileBytes: 1 << 20,
  maxLineLength: 100,
  label: 'MT940',
  eightBit: ['windows-1252', 'cp852'],
};

async function* inChunks(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

async function collect(source: ByteSource, options: Partial<ReadLinesOptions> = {}) {
  const lines: [number, string, boolean][] = [];
  const result = await readLines(source, { ...OPTIONS, ...options }, (line, number, isUnterminated) => {
    lines.push([number, line, isUnterminated]);
    return undefined;
  });
  return { result, lines };
}

describe('readLines', () => {
  it('splits at CRLF, LF and a lone CR, however the chunks fall, and marks an unterminated last line', async () => {
    const bytes = Buffer.from('\ufeff:20:A\r\n:25:B\n:28C:1\r:60F:C\r\n\r\nlast', 'utf8');
    const expected = [
      [1, ':20:A', false],
      [2, ':25:B', false],
      [3, ':28C:1', false],
      [4, ':60F:C', false],
      [5, '', false],
      [6, 'last', true],
    ];
    for (const size of [1, 2, 3, 5, 1 << 20])
      expect((await collect(inChunks(bytes, size))).lines).toEqual(expected);
    expect((await collect(Buffer.from('a\r\n'))).lines).toEqual([[1, 'a', false]]);
  });

  it('stops where the handler says, and closes the stream', async () => {
    let isClosed = false;
    async function* endless(): AsyncGenerator<Uint8Array> {
      try {
        for (;;) yield Buffer.from('line\n');
      } finally {
        isClosed = true;
      }
    }
    const result = await readLines(endless(), OPTIONS, (_, number) =>
      number === 3 ? { kind: 'malformed', format: 'mt940', message: 'stop at 3' } : undefined,
    );
    expect(result).toEqual({
      ok: false,
      error: { kind: 'malformed', format: 'mt940', message: 'stop at 3' },
    });
    expect(isClosed).toBe(true);
  });

  it('refuses a line past the limit, a file past the size limit, an empty file and a stream that fails', async () => {
    expect((await collect(Buffer.from(`ok\n${'x'.repeat(150)}`))).result).toEqual({
      ok: false,
      error: {
        kind: 'limit-exceeded',
        limit: 'cellLength',
        maximum: 100,
        message:
          'MT940 line 2 is longer than 100 characters: the file is not MT940 text, or it has no line breaks.',
      },
    });
    expect((await collect(Buffer.from('12345678'), { maxFileBytes: 4 })).result).toMatchObject({
      ok: false,
      error: { kind: 'limit-exceeded', limit: 'fileSize' },
    });
    expect((await collect(Buffer.alloc(0))).result).toMatchObject({
      ok: false,
      error: { kind: 'empty-file' },
    });
    async function* failing(): AsyncGenerator<Uint8Array> {
      yield Buffer.from('a\n');
      throw new Error('EIO: i/o error');
    }
    expect((await collect(failing())).result).toEqual({
      ok: false,
      error: { kind: 'unsupported', message: 'The file could not be read to its end.' },
    });
  });

  it('names the line of a byte that is not UTF-8 in a UTF-8 file', async () => {
    const bytes = Buffer.concat([Buffer.from(`Zürich\n${'a\n'.repeat(40_000)}b`), Buffer.from([0xe9, 0x0a])]);
    expect((await collect(inChunks(bytes, 4096))).result).toEqual({
      ok: false,
      error: {
        kind: 'encoding',
        message: 'MT940 line 40002 is not valid UTF-8 text, though the text before it is (mixed encodings?).',
      },
    });
  });
});

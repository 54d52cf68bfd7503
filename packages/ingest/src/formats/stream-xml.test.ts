import { describe, expect, it } from 'vitest';
import { resolveLimits } from '../core/limits.js';
import { streamXml, type XmlRule } from './stream-xml.js';

/** Collects the text of every <V> inside <Root>, the way the camt rules collect their fields. */
function collectValues(source: Parameters<typeof streamXml>[0], limits = resolveLimits({})) {
  const values: string[] = [];
  const root: XmlRule = { children: { Root: { children: { V: { text: (t) => values.push(t) } } } } };
  return streamXml(source, root, { format: 'test', limits }).then((result) => ({ result, values }));
}

async function* inChunks(bytes: Uint8Array, size: number): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

describe('streamXml', () => {
  it('hands on the text of the elements its rules name, prefixes dropped, entities and CDATA read', async () => {
    const xml =
      '<?xml version="1.0"?><n:Root xmlns:n="urn:x"><n:V> a &amp; b </n:V><Skip><V>no</V></Skip><V><![CDATA[<c>]]></V></n:Root>';
    const { result, values } = await collectValues(Buffer.from(xml));
    expect(result.ok).toBe(true);
    expect(values).toEqual(['a & b', '<c>']);
  });

  it('reads the same from a stream of 1-byte chunks, a UTF-8 character cut between two of them', async () => {
    const bytes = Buffer.from('<Root>\n<V>Grüße €</V>\n</Root>');
    const { result, values } = await collectValues(inChunks(bytes, 1));
    expect(result.ok).toBe(true);
    expect(values).toEqual(['Grüße €']);
  });

  it('decodes by the XML declaration (ISO-8859-1) and by a UTF-16 byte-order mark', async () => {
    const latin1 = Buffer.from(
      '<?xml version="1.0" encoding="ISO-8859-1"?><Root><V>M\u00fcller</V></Root>',
      'latin1',
    );
    expect((await collectValues(latin1)).values).toEqual(['Müller']);
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from('<Root><V>Café</V></Root>', 'utf16le'),
    ]);
    expect((await collectValues(utf16)).values).toEqual(['Café']);
  });

  it('refuses what is not well-formed, naming the line, with the reason and nothing internal', async () => {
    const cases: [string, RegExp][] = [
      ['<Root>\n<V>1</W>\n</Root>', /not well-formed XML at line 2: the end tag '<\/W>' does not match <V>/],
      ['<Root>\n<V>1</V>', /ends early at line 2 \(unclosed tag: Root\): it is incomplete/],
      [
        '<Root><V>&nbsp;</V></Root>',
        /not well-formed XML at line 1: the entity reference '&nbsp;' is not one of XML's five/,
      ],
      ['<Root/><Root/>', /not well-formed XML/],
      ['<Root a="1" a="2"/>', /not well-formed XML/],
      ['<Root>\u0001</Root>', /not well-formed XML/],
      ['', /empty/],
    ];
    for (const [xml, message] of cases) {
      const { result } = await collectValues(Buffer.from(xml));
      expect(result.ok).toBe(false);
      if (result.ok) continue;
      expect(result.error.message).toMatch(message);
      expect(result.error.message).not.toMatch(/TypeError|RangeError|Error:|\.ts:|saxes/);
    }
  });

  it('refuses a DOCTYPE outright, so no entity is ever declared or expanded', async () => {
    const xml =
      '<?xml version="1.0"?>\n<!DOCTYPE r [<!ENTITY e SYSTEM "file:///etc/passwd">]>\n<Root><V>&e;</V></Root>';
    const { result, values } = await collectValues(Buffer.from(xml));
    expect(result).toMatchObject({ ok: false, error: { kind: 'malformed', line: 2 } });
    expect(!result.ok && result.error.message).toMatch(/DOCTYPE \(line 2\); XML with a DTD is refused/);
    expect(values).toEqual([]);
  });

  it('stops at the nesting, value length and file size limits with typed errors', async () => {
    const deep = `<Root>${'<a>'.repeat(300)}${'</a>'.repeat(300)}</Root>`;
    expect((await collectValues(Buffer.from(deep))).result).toMatchObject({
      ok: false,
      error: { kind: 'limit-exceeded', limit: 'nestingDepth', maximum: 256 },
    });
    const long = `<Root><V>${'x'.repeat(2000)}</V></Root>`;
    expect(
      (await collectValues(Buffer.from(long), resolveLimits({ maxCellLength: 1000 }))).result,
    ).toMatchObject({
      ok: false,
      error: { kind: 'limit-exceeded', limit: 'cellLength' },
    });
    const longTag = Buffer.from(`<Root><V a="${'x'.repeat(200_000)}"/></Root>`);
    // A tag over several 64 KB slices is kept from its '<', up to the limit.
    expect((await collectValues(longTag, resolveLimits({ maxCellLength: 100_000 }))).result).toMatchObject({
      ok: false,
      error: {
        kind: 'limit-exceeded',
        limit: 'cellLength',
        message: 'The test file has a tag or reference longer than 100000 characters (line 1).',
      },
    });
    const attributes = Array.from({ length: 11 }, (_, i) => ` a${i}="1"`).join('');
    expect(
      (
        await collectValues(
          Buffer.from(`<Root>\n<V${attributes}/></Root>`),
          resolveLimits({ maxAttributes: 10 }),
        )
      ).result,
    ).toEqual({
      ok: false,
      error: {
        kind: 'limit-exceeded',
        limit: 'attributes',
        maximum: 10,
        message: 'The test file has an element with more than 10 attributes (line 2).',
      },
    });
    const big = Buffer.from(`<Root>${' '.repeat(5000)}</Root>`);
    expect(
      (await collectValues(inChunks(big, 100), resolveLimits({ maxFileBytes: 1000 }))).result,
    ).toMatchObject({
      ok: false,
      error: { kind: 'limit-exceeded', limit: 'fileSize' },
    });
  });

  it('reports invalid UTF-8 after a valid head as an encoding error naming the line', async () => {
    const head = Buffer.from(`<Root>\n${'<V>ok</V>\n'.repeat(8000)}<V>`);
    const bytes = Buffer.concat([head, Buffer.from([0xc3, 0x28]), Buffer.from('</V></Root>')]);
    // The first 64 KB decide the encoding: valid UTF-8 there makes a bad byte later an error.
    const { result } = await collectValues(inChunks(bytes, 16 * 1024));
    expect(result).toMatchObject({ ok: false, error: { kind: 'encoding' } });
    expect(!result.ok && result.error.message).toMatch(/not valid UTF-8 text at line \d+/);
  });

  it('turns a rule’s problem and a failing stream into typed errors', async () => {
    const root: XmlRule = { children: { Root: { children: { V: { close: () => 'the value is wrong' } } } } };
    const limits = resolveLimits({});
    expect(await streamXml(Buffer.from('<Root>\n<V/></Root>'), root, { format: 'test', limits })).toEqual({
      ok: false,
      error: { kind: 'malformed', format: 'test', line: 2, message: 'the value is wrong (line 2)' },
    });
    async function* failing(): AsyncGenerator<Uint8Array> {
      yield Buffer.from('<Root>');
      throw new Error('EIO: i/o error, read');
    }
    const broken = await streamXml(failing(), root, { format: 'test', limits });
    expect(broken).toMatchObject({ ok: false, error: { kind: 'unsupported' } });
    expect(!broken.ok && broken.error.message).not.toMatch(/EIO/);
  });
});

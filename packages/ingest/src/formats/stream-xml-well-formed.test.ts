import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { resolveLimits } from '../core/limits.js';
import { MarkupScanner, type MarkupProblem } from './scan-markup.js';
import { streamXml, type XmlRule } from './stream-xml.js';

/** Everything the scanner hands on, as text: opens with depth and attribute a, closes with text. */
function scan(chunks: readonly string[]): { events: string[]; problem: MarkupProblem | undefined } {
  const events: string[] = [];
  const scanner: MarkupScanner = new MarkupScanner(
    {
      openElement(name, _id, depth) {
        events.push(
          `<${name}@${depth} a=${scanner.readAttribute('a') ?? '-'} b=${scanner.readAttribute('b') ?? '-'}`,
        );
        return true;
      },
      closeElement(depth, text) {
        events.push(`</@${depth} ${JSON.stringify(text)}`);
      },
    },
    { maxDepth: 64, maxLength: 10_000, maxAttributes: 100 },
  );
  for (const chunk of chunks) if (!scanner.write(chunk)) break;
  return { events, problem: scanner.finish() };
}

/** The message streamXml gives for a document (undefined when it is accepted). */
async function refusal(xml: string): Promise<string | undefined> {
  const root: XmlRule = { children: { a: { text: () => undefined } } };
  const result = await streamXml(Buffer.from(xml), root, { format: 'test', limits: resolveLimits({}) });
  return result.ok ? undefined : result.error.message;
}

/** Each rule of XML 1.0 a bank file can meet: a document that breaks it, why, and one that keeps it. */
const RULES: [rule: string, bad: string, reason: RegExp, good: string][] = [
  ['one root element', '<a/><b/>', /a second root element <b>/, '<a><b/><b/></a>'],
  ['a root at all', '<!-- nothing -->', /the file has no root element/, '<!-- x --><a/>'],
  ['no text outside the root', '<a/>x', /the text 'x' is outside the root element/, '<a/>\n \t\r\n'],
  ['no text before the root', 'x<a/>', /the text 'x' is outside the root element/, ' \n<a/>'],
  ['matching end tags', '<a><b></a></b>', /the end tag '<\/a>' does not match <b>/, '<a><b></b></a>'],
  ['no end tag without a start', '</a>', /the end tag '<\/a>' closes no open element/, '<a></a >'],
  ['an end tag closed by >', '<a></a b>', /the end tag <\/a> is not closed by '>'/, '<a></a\n>'],
  ['a name after <', '<a>< b/></a>', /'<' is followed by '< ', not a name/, '<a><b/></a>'],
  ['a name start character', '<1a/>', /'<' is followed by '<1', not a name/, '<_1.a-b:c/>'],
  ['name characters', '<a$b/>', /the tag <a> has '\$' where a space, '>' or '\/>' belongs/, '<a.b/>'],
  ['non-ASCII names by XML 1.0', '<a×/>', /the tag <a> has '×'/, '<Grüße·ü/>'],
  ['no · to start a name', '<·a/>', /'<' is followed by '<·', not a name/, '<a·/>'],
  ['names beyond the BMP up to U+EFFFF', '<a\u{F0000}/>', /the tag <a> has/, '<\u{10000}\u{EFFFF}/>'],
  [
    'quoted attribute values',
    '<a b=1/>',
    /the value of the attribute b of <a> is not in quotes/,
    "<a b='1'/>",
  ],
  ['no attribute twice', '<a b="1" b="2"/>', /the tag <a> has the attribute b twice/, '<a b="1" c="2"/>'],
  ['no < in a value', '<a b="<"/>', /the value of the attribute b of <a> holds a '<'/, '<a b=">"/>'],
  ['= after an attribute name', '<a b/>', /the attribute b of <a> has no '=' and value/, '<a b = "1"/>'],
  ['a space between attributes', '<a b="1"c="2"/>', /has 'c' where a space/, '<a b="1"\tc="2"/>'],
  ['a / only before >', '<a / >', /a '\/' in the tag <a> is not followed by '>'/, '<a />'],
  [
    'predefined entities only',
    '<a>&nbsp;</a>',
    /the entity reference '&nbsp;' is not one of XML's five/,
    '<a>&lt;&gt;&amp;&apos;&quot;</a>',
  ],
  ['no bare &', '<a>A & B</a>', /a bare '&' \(write it as &amp;\)/, '<a>A &amp; B</a>'],
  [
    'references to XML characters',
    '<a>&#0;</a>',
    /the character reference '&#0;' does not name an XML character/,
    '<a>&#65;&#x1F600;&#xd;</a>',
  ],
  [
    'no surrogate references',
    '<a>&#xD800;</a>',
    /'&#xD800;' does not name an XML character/,
    '<a>&#xD7FF;</a>',
  ],
  ['no reference past U+10FFFF', '<a>&#x110000;</a>', /'&#x110000;' does not name/, '<a>&#x10FFFF;</a>'],
  ['references in values too', '<a b="&c;"/>', /the entity reference '&c;'/, '<a b="&#60;&amp;"/>'],
  ['no -- inside a comment', '<a><!-- a -- b --></a>', /a comment holds '--'/, '<a><!-- a - b --></a>'],
  ['no - before -->', '<a><!-- a ---></a>', /a comment holds '--'/, '<a><!----></a>'],
  [
    'PI targets other than xml',
    '<a><?XmL x?></a>',
    /allowed only at the very start/,
    '<a><?xml-stylesheet x?><?pi?></a>',
  ],
  [
    'a space after a PI target',
    '<a><?pi!?></a>',
    /the processing instruction '<\?pi!' has no space/,
    '<?pi data?><a/><?pi?>',
  ],
  [
    'the declaration first',
    '\n<?xml version="1.0"?><a/>',
    /allowed only at the very start/,
    '<?xml version="1.0"?>\n<a/>',
  ],
  [
    'a declaration with its version',
    '<?xml encoding="UTF-8"?><a/>',
    /the XML declaration '<\?xml encoding="UTF-8"\?>' is not well-formed/,
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><a/>',
  ],
  [
    'CDATA inside the root only',
    '<![CDATA[x]]><a/>',
    /a CDATA section is outside the root element/,
    '<a><![CDATA[<b>&]]]></a>',
  ],
  ['no ]]> in text', '<a>x]]>y</a>', /the text holds '\]\]>'/, '<a>x]]&gt;y ]] ></a>'],
  [
    'no comment or CDATA look-alike',
    '<a><!ELEMENT a></a>',
    /starts neither a comment nor a CDATA section/,
    '<a><!--<!ELEMENT a>--></a>',
  ],
  [
    'characters XML allows',
    '<a>\u0001</a>',
    /the character U\+0001 is not allowed in XML/,
    '<a>\t\r\n\u0085\uFFFD</a>',
  ],
  ['no U+FFFE', '<a>\uFFFE</a>', /the character U\+FFFE is not allowed/, '<a>\u{10FFFF}</a>'],
  ['no DTD', '<!DOCTYPE a><a/>', /has a DOCTYPE \(line 1\); XML with a DTD is refused/, '<a>DOCTYPE</a>'],
  [
    'every element closed',
    '<a>\n<b>\n</b>',
    /ends early at line 3 \(unclosed tag: a\): it is incomplete/,
    '<a>\n<b>\n</b></a>',
  ],
  ['no cut tag', '<a b="1"', /ends early at line 1 \(inside a tag\)/, '<a b="1"/>'],
  ['no cut comment', '<a/><!-- x', /ends early at line 1 \(inside a comment\)/, '<a/><!-- x -->'],
];

describe('streamXml well-formedness (XML 1.0 without a DTD)', () => {
  it.each(RULES)(
    '%s: refuses the break, naming the reason, and reads the keeper',
    async (_rule, bad, reason, good) => {
      const message = await refusal(bad);
      expect(message).toMatch(reason);
      expect(message).not.toMatch(/TypeError|RangeError|Error:|\.ts:|undefined/);
      expect(await refusal(good)).toBeUndefined();
    },
  );

  it('names the line of the problem, whether the file comes whole, in 1-byte chunks or with CRLF', async () => {
    const xml = '<?xml version="1.0"?>\n<a>\n  <b x="ü">\n    <c>&bad;</c>\n  </b>\n</a>\n';
    for (const text of [xml, xml.replaceAll('\n', '\r\n')]) {
      expect(await refusal(text)).toMatch(/not well-formed XML at line 4: the entity reference '&bad;'/);
      const root: XmlRule = {};
      async function* oneByOne() {
        for (const byte of Buffer.from(text)) yield Uint8Array.of(byte);
      }
      const result = await streamXml(oneByOne(), root, { format: 'test', limits: resolveLimits({}) });
      expect(result).toMatchObject({ ok: false, error: { line: 4 } });
    }
  });

  it('counts lines across many chunks, from the bytes or the text, to the problem deep in a file', async () => {
    const head = `<a>\n${'<v>x</v>\n'.repeat(20_000)}`;
    const root: XmlRule = {};
    async function* inChunks(bytes: Uint8Array, size: number) {
      for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
    }
    for (const [problem, reason] of [
      ['<v>\u0001</v>', /line 20002: the character U\+0001/],
      ['<v>&bad;</v>', /line 20002: the entity reference '&bad;'/],
      ['<v>ü</v></b>', /line 20002: the end tag '<\/b>' does not match <a>/],
    ] as const) {
      const bytes = Buffer.from(`${head}${problem}\n</a>\n`);
      for (const source of [bytes, inChunks(bytes, 1000), inChunks(bytes, 100_003)]) {
        const result = await streamXml(source, root, { format: 'test', limits: resolveLimits({}) });
        expect(!result.ok && result.error.message).toMatch(reason);
      }
    }
  });

  it('reads text, references, CDATA and attributes as XML says: line ends as LF, values normalised', () => {
    const { events, problem } = scan([
      '<r a="x&#10;y\tz\r\nw" b=\'"\'>\r\n<v>A&amp;B\r\n&#13;<![CDATA[&lt;\r]]>C</v></r>',
    ]);
    expect(problem).toBeUndefined();
    expect(events).toEqual([
      '<r@1 a=x\ny z w b="',
      '<v@2 a=- b=-',
      `</@2 ${JSON.stringify('A&B\n\r&lt;\nC')}`,
      '</@1 undefined',
    ]);
  });
});

/** A small statement-like document using every construct the scanner reads. */
const DOCUMENT =
  '<?xml version="1.0" encoding="UTF-8"?>\r\n<!-- head -->\n<?app note?>\n' +
  '<n:Doc xmlns:n="urn:x" a=\'1\'>\n  <Ntry b="x &amp; y">\n    <Amt a="EUR">12.50</Amt>\n' +
  '    <Ustrd>Grüße &#x20AC; &lt;ok&gt;</Ustrd><Empty/>\n    <Txt><![CDATA[a]]b<c>]]>&#65;</Txt>\n' +
  '  </Ntry><!-- - -->\r\n</n:Doc>\n<?tail?>\n';

describe('MarkupScanner chunk boundaries', () => {
  const whole = scan([DOCUMENT]);

  it('reads the sample document whole', () => {
    expect(whole.problem).toBeUndefined();
    expect(whole.events).toContain(`</@3 ${JSON.stringify('Grüße € <ok>')}`);
    expect(whole.events).toContain(`</@3 ${JSON.stringify('a]]b<c>A')}`);
    expect(whole.events).toContain('<Amt@3 a=EUR b=-');
  });

  it('gives the same events for the document cut in two at every position', () => {
    for (let at = 0; at <= DOCUMENT.length; at++) {
      expect(scan([DOCUMENT.slice(0, at), DOCUMENT.slice(at)]), `cut at ${at}`).toEqual(whole);
    }
  });

  it('gives the same events however the document is cut into chunks', () => {
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 0, max: DOCUMENT.length }), { maxLength: 30 }), (cuts) => {
        const at = [0, ...cuts.sort((x, y) => x - y), DOCUMENT.length];
        const chunks = at.slice(1).map((end, i) => DOCUMENT.slice(at[i], end));
        expect(scan(chunks)).toEqual(whole);
      }),
      { numRuns: 300 },
    );
  });

  it('reads a tag of many attributes alike however it is cut, and finds a name given twice', () => {
    const names = Array.from({ length: 12 }, (_, i) => `z${i}="${i}"`);
    const xml = `<r\n ${names.join('\n ')} a="x&amp;y" b='last'><v/></r>`;
    const whole = scan([xml]);
    expect(whole.events[0]).toBe('<r@1 a=x&y b=last');
    const twice = xml.replace("b='last'", 'z3="again"');
    const refused = { kind: 'malformed', detail: 'the tag <r> has the attribute z3 twice', line: 13 };
    expect(scan([twice]).problem).toEqual(refused);
    for (let at = 0; at <= xml.length; at++) {
      expect(scan([xml.slice(0, at), xml.slice(at)]), `cut at ${at}`).toEqual(whole);
      expect(scan([twice.slice(0, at), twice.slice(at)]).problem, `cut at ${at}`).toEqual(refused);
    }
    expect(scan([...xml])).toEqual(whole);
    expect(scan([...twice]).problem).toEqual(refused);
  });

  it('refuses a tag with more attributes than the limit', () => {
    const attributes = Array.from({ length: 101 }, (_, i) => `a${i}="1"`).join(' ');
    expect(scan([`<r ${attributes}/>`]).problem).toEqual({
      kind: 'attributes',
      detail: 'the tag <r> has more than 100 attributes',
      line: 1,
    });
    expect(scan([`<r ${attributes.slice(0, attributes.lastIndexOf(' '))}/>`]).problem).toBeUndefined();
  });

  it('refuses every cut of the document: an open element or construct ends it early', () => {
    const rootAt = DOCUMENT.indexOf('<n:Doc');
    for (let at = 1; at < DOCUMENT.indexOf('\n<?tail'); at++) {
      const { problem } = scan([DOCUMENT.slice(0, at)]);
      if (at <= rootAt) expect(problem, `cut at ${at}`).toBeDefined();
      else expect(problem?.kind, `cut at ${at}`).toBe('cut');
    }
  });

  it('answers broken soups the same, events and problem, however they are cut', () => {
    const token = fc.constantFrom(
      '<a>',
      '</a>',
      '<b x="1">',
      '</b>',
      '<c/>',
      '&amp;',
      '&x;',
      '&',
      ']]>',
      '<!--',
      '-->',
      '<![CDATA[',
      ']]>',
      '<?p',
      '?>',
      'text',
      '\n',
      '\u0001',
      '<',
    );
    fc.assert(
      fc.property(fc.array(token, { maxLength: 25 }), fc.integer({ min: 1, max: 8 }), (tokens, size) => {
        const text = `<r>${tokens.join('')}</r>`;
        const chunks = Array.from({ length: Math.ceil(text.length / size) }, (_, i) =>
          text.slice(i * size, (i + 1) * size),
        );
        expect(scan(chunks)).toEqual(scan([text]));
      }),
      { numRuns: 500 },
    );
  });
});

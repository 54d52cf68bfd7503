import { describe, expect, it } from 'vitest';
import { strFromU8, unzipSync } from 'fflate';
import { toExportMatrix } from './export-cells';
import { columnName, writeXlsx } from './xlsx-writer';

describe('writeXlsx', () => {
  it('names columns A..Z, AA..', () => {
    expect([0, 25, 26, 701, 702].map(columnName)).toEqual(['A', 'Z', 'AA', 'ZZ', 'AAA']);
  });

  it('writes a workbook whose sheet holds numbers as numbers and text escaped and formula-safe', () => {
    const matrix = toExportMatrix(
      [
        { id: 'name', header: 'Name' },
        { id: 'balance', header: 'Balance' },
      ],
      [
        { name: 'A & B <Holdings>', balance: 1234.5 },
        { name: '=1+1', balance: -3 },
      ],
    );
    const files = unzipSync(writeXlsx(matrix, 'Accounts: 2026/03'));
    expect(Object.keys(files).sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/styles.xml',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    expect(strFromU8(files['xl/workbook.xml']!)).toContain('<sheet name="Accounts  2026 03"');
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml']!);
    expect(sheet).toContain('<c r="A1" s="1" t="inlineStr"><is><t xml:space="preserve">Name</t></is></c>');
    expect(sheet).toContain('<t xml:space="preserve">A &amp; B &lt;Holdings&gt;</t>');
    expect(sheet).toContain('<c r="B2"><v>1234.5</v></c>');
    expect(sheet).toContain(`<t xml:space="preserve">'=1+1</t>`);
    expect(sheet).toContain('<c r="B3"><v>-3</v></c>');
  });
});

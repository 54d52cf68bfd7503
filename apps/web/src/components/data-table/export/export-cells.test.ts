import { describe, expect, it } from 'vitest';
import { toCsv, toExportMatrix, toSafeCell } from './export-cells';

describe('export cells', () => {
  it('defuses text a spreadsheet would run as a formula', () => {
    expect(toSafeCell('=HYPERLINK("http://evil","x")')).toBe('\'=HYPERLINK("http://evil","x")');
    expect(toSafeCell('+1+cmd|calc')).toBe("'+1+cmd|calc");
    expect(toSafeCell('-2+3')).toBe("'-2+3");
    expect(toSafeCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(toSafeCell('\t=1')).toBe("'\t=1");
    expect(toSafeCell('\r=1')).toBe("'\r=1");
  });

  it('leaves plain numbers and ordinary text alone', () => {
    expect(toSafeCell('-12.5')).toBe('-12.5');
    expect(toSafeCell('+3')).toBe('+3');
    expect(toSafeCell(-12.5)).toBe(-12.5);
    expect(toSafeCell('Acme = best')).toBe('Acme = best');
    expect(toSafeCell(null)).toBe('');
    expect(toSafeCell(true)).toBe('Yes');
    expect(toSafeCell(new Date(2026, 2, 5))).toBe('3/5/2026');
  });

  it('writes RFC 4180 CSV from the export values, headers included', () => {
    const matrix = toExportMatrix(
      [
        { id: 'name', header: 'Name' },
        { id: 'amount', header: 'Amount', exportValue: (row: { amount: number }) => row.amount / 100 },
      ],
      [
        { name: 'Say "hi", then\nleave', amount: 1250 },
        { name: '=cmd', amount: -500 },
      ],
    );
    expect(toCsv(matrix)).toBe('\uFEFFName,Amount\r\n"Say ""hi"", then\nleave",12.5\r\n\'=cmd,-5\r\n');
  });
});

import { describe, expect, it } from 'vitest';
import { placeTextItems, type TextItem } from './place-text-items';

const item = (text: string, x: number, y: number, width = text.length * 4.8): TextItem => ({
  text,
  x,
  y,
  width,
  height: 8,
});

describe('placeTextItems', () => {
  it("splits two full columns even where the second one's longest texts taper off to fewer lines than cross the gap", () => {
    // 40 rows of a date at 36 and a description at 96 (a 12-point gap); only 2 descriptions are long.
    const rows = Array.from({ length: 40 }, (_, i) => [
      item('09/01/2026', 36, 700 - i * 11),
      item(i < 2 ? 'A DESCRIPTION LONG ENOUGH TO REACH FAR RIGHT' : 'SHORT', 96, 700 - i * 11),
    ]);
    // Three furniture lines of two phrases each, the first running across the gap.
    const furniture = [0, 1, 2].map((i) => [
      item('Account number 44103140601', 36, 760 + i * 12),
      item('Operating', 175, 760 + i * 12),
    ]);
    const lines = placeTextItems([[...rows.flat(), ...furniture.flat()]]);
    const dated = lines.filter((l) => l.cells[0] === '09/01/2026');
    expect(dated).toHaveLength(40);
    expect(dated[2]!.cells).toEqual(['09/01/2026', 'SHORT']);
  });
});

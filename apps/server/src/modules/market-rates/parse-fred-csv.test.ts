import { describe, expect, it } from 'vitest';
import { parseFredCsv } from './parse-fred-csv';

describe('parseFredCsv', () => {
  it("reads today's fredgraph.csv layout: several series, blank = missing", () => {
    const csv = 'observation_date,DGS1MO,DGS3MO\r\n2026-11-19,3.72,3.66\r\n2026-11-20,,3.65\r\n';
    expect(parseFredCsv(csv)).toEqual({
      observations: [
        { seriesId: 'DGS1MO', date: '2026-11-19', value: 3.72 },
        { seriesId: 'DGS3MO', date: '2026-11-19', value: 3.66 },
        { seriesId: 'DGS3MO', date: '2026-11-20', value: 3.65 },
      ],
      problems: [],
    });
  });

  it("reads the older DATE,SERIES layout with '.' for a holiday", () => {
    const csv = '\uFEFFDATE,SOFR\n2026-11-10,3.61\n2026-11-11,.\n2026-11-12,3.59\n';
    expect(parseFredCsv(csv).observations.map((o) => o.value)).toEqual([3.61, 3.59]);
  });

  it('names every bad line and row', () => {
    const csv = [
      'observation_date,EFFR,NOT_A_SERIES',
      '2026-11-02,3.58,1',
      '2026-02-30,3.58,1',
      '2026-11-03,abc,1',
      '2026-11-04,3.58',
      '2026-11-02,3.57,1',
    ].join('\n');
    expect(parseFredCsv(csv).problems).toEqual([
      expect.stringContaining("Line 1: unknown series 'NOT_A_SERIES' in column 3"),
      "Line 3: '2026-02-30' is not a date (YYYY-MM-DD).",
      "Line 4: 'abc' is not a rate (EFFR).",
      'Line 5: 2 fields where the header has 3.',
      'Line 6: 2026-11-02 is already on line 2.',
    ]);
  });

  it('refuses a file that is not a FRED download', () => {
    expect(parseFredCsv('when,SOFR\n2026-11-20,3.6\n').problems).toEqual([
      'Line 1: the header must be observation_date (or DATE) followed by one column per FRED series.',
    ]);
    // The Treasury's own csv reads as unknown series, not as rates.
    expect(parseFredCsv('Date,"1 Mo","2 Mo"\n11/20/2026,3.7,3.7\n').problems.slice(0, 2)).toEqual([
      expect.stringContaining("Line 1: unknown series '1 Mo' in column 2"),
      expect.stringContaining("Line 1: unknown series '2 Mo' in column 3"),
    ]);
    expect(parseFredCsv('observation_date,SOFR\n').problems).toEqual([
      'The file has no rows below the header.',
    ]);
  });
});

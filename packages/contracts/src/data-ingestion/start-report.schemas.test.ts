import { describe, expect, it } from 'vitest';
import {
  canStartReport,
  nextReportPeriod,
  REPORT_DUE_STATUS,
  REPORTED_STATUS,
  statusAfterReport,
} from './start-report.schemas';

describe('statusAfterReport', () => {
  it("reads 'Reported' until the next period has ended, then 'Report Due'", () => {
    // A quarterly client reported July to September: the next period ends on 31 December.
    expect(statusAfterReport('2026-09-30', 3, '2026-10-15')).toBe(REPORTED_STATUS);
    expect(statusAfterReport('2026-09-30', 3, '2026-12-31')).toBe(REPORTED_STATUS);
    expect(statusAfterReport('2026-09-30', 3, '2027-01-01')).toBe(REPORT_DUE_STATUS);
    // Monthly, across a year end and a short month.
    expect(statusAfterReport('2026-12-31', 1, '2027-01-31')).toBe(REPORTED_STATUS);
    expect(statusAfterReport('2027-01-31', 1, '2027-02-28')).toBe(REPORTED_STATUS);
    expect(statusAfterReport('2027-01-31', 1, '2027-03-01')).toBe(REPORT_DUE_STATUS);
    // No frequency set: the spec's default of three months.
    expect(statusAfterReport('2026-06-30', null, '2026-09-30')).toBe(REPORTED_STATUS);
    expect(statusAfterReport('2026-06-30', null, '2026-10-01')).toBe(REPORT_DUE_STATUS);
  });

  it('lets Start Report open the next cycle once the report is due, not while Reported', () => {
    expect(canStartReport({ reportStatus: REPORTED_STATUS })).toBe(false);
    expect(canStartReport({ reportStatus: REPORT_DUE_STATUS })).toBe(true);
    expect(canStartReport(null)).toBe(false);
  });

  it('is refused while a cycle is open, whatever its status (issue 42 point 2)', () => {
    expect(canStartReport({ reportStatus: 'Reporting', analysisOpenReportId: 4 })).toBe(false);
    expect(canStartReport({ reportStatus: 'Analysis', analysisOpenReportId: 4 })).toBe(false);
    expect(canStartReport({ reportStatus: null, analysisOpenReportId: null })).toBe(true);
  });
});

describe('nextReportPeriod', () => {
  it('starts the day after the last period and runs the report frequency, a quarter when unset', () => {
    expect(nextReportPeriod('2026-09-30', null)).toEqual({ startDate: '2026-10-01', endDate: '2026-12-31' });
    expect(nextReportPeriod('2026-12-31', 3)).toEqual({ startDate: '2027-01-01', endDate: '2027-03-31' });
    expect(nextReportPeriod('2027-01-31', 1)).toEqual({ startDate: '2027-02-01', endDate: '2027-02-28' });
    expect(nextReportPeriod('2026-06-30', 6)).toEqual({ startDate: '2026-07-01', endDate: '2026-12-31' });
    expect(nextReportPeriod('2026-12-31', 12)).toEqual({ startDate: '2027-01-01', endDate: '2027-12-31' });
  });
});

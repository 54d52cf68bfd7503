// Fixed lists of the client form (clients-accounts-investments-reports.md 3, 9), served by
// GET /api/clients/categories, /types and /allowed-report-frequencies.

/** Our reading: the kinds of public-sector and institutional clients the advisory serves. */
export const CLIENT_CATEGORIES = [
  'Municipal Government',
  'County Government',
  'State Agency',
  'Education',
  'Special District',
  'Utility',
  'Healthcare',
  'Financial Institution',
  'Non-Profit',
] as const;
export type ClientCategory = (typeof CLIENT_CATEGORIES)[number];

export const CLIENT_TYPES = [
  'City',
  'County',
  'Town',
  'Village',
  'Township',
  'School District',
  'College or University',
  'Special District',
  'Authority',
  'Hospital',
  'Credit Union',
  'Bank',
  'Other',
] as const;
export type ClientType = (typeof CLIENT_TYPES)[number];

/** Spec 9: frequency options shown as N months. Also the data gathering frequencies. */
export const REPORT_FREQUENCIES = [1, 2, 3, 4, 6, 12] as const;
export type ReportFrequency = (typeof REPORT_FREQUENCIES)[number];

/** Spec 9: default data gathering frequency 3 months. */
export const DEFAULT_DATA_GATHERING_FREQUENCY = 3;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * The report cycle (ours, the spec names it only): the month the first reporting period of the year
 * starts in, 1..reportFrequency. A quarterly client in cycle 2 reports on Feb, May, Aug and Nov.
 */
export function reportCycleOptions(reportFrequency: number): { value: number; label: string }[] {
  if (!REPORT_FREQUENCIES.includes(reportFrequency as ReportFrequency)) return [];
  return Array.from({ length: reportFrequency }, (_, i) => {
    const months = Array.from({ length: 12 / reportFrequency }, (_, k) => MONTHS[i + k * reportFrequency]);
    return { value: i + 1, label: months.join(', ') };
  });
}

// How the summaries of the idle-cash and maturing-investment exceptions write dollars: as the report
// does (reports/document/report-format.ts), without importing the PDF blocks that file brings along.

const cents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const whole = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  maximumFractionDigits: 0,
});

/** $1,234,567.89: a stored amount (a face value). */
export const formatDollars = (value: number) => cents.format(value);

/** $1,234,568: an estimate (dollars a year), where cents would claim a precision it lacks. */
export const formatWholeDollars = (value: number) => whole.format(value);

/** 4.25%: a rate in percent a year. */
export const formatRate = (percent: number) => `${percent.toFixed(2)}%`;

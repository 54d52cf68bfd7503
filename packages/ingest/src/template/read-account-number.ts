/** The longest run of digits, for account cells like "Account: ****1234 Operating" (specialCase). */
export function extractDigitRun(text: string): string {
  let best = '';
  for (const run of text.match(/\d+/g) ?? []) if (run.length > best.length) best = run;
  return best;
}

/**
 * The account number named in a file name (fileNameIncluded): the longest of the client's account
 * numbers the name contains, else the longest run of at least four digits.
 */
export function findAccountInFileName(
  fileName: string,
  known: readonly string[] | undefined,
): string | undefined {
  const base = fileName.replace(/^.*[\\/]/, '');
  if (known && known.length > 0) {
    const matches = known.filter((a) => a.trim() !== '' && base.includes(a.trim()));
    return matches.sort((a, b) => b.length - a.length)[0]?.trim();
  }
  const run = extractDigitRun(base);
  return run.length >= 4 ? run : undefined;
}

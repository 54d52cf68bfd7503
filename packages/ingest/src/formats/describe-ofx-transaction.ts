/**
 * An OFX STMTTRN's description: NAME and MEMO both, as the bank sent them (issue 39 point 5), since
 * NAME is often a payee cut to 32 characters and MEMO the rest of the story; MEMO is left out only
 * when NAME already holds it, and stands alone when there is no NAME.
 */
export function describeOfxTransaction(name: string | undefined, memo: string | undefined): string {
  if (name === undefined) return memo ?? '';
  return memo === undefined || name.includes(memo) ? name : `${name} ${memo}`;
}

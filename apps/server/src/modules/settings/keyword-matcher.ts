import type { DbOrTx } from '../../db/open-database';
import { selectKeywordsByRank } from './keywords.queries';

/** The keyword a description gets (its id), or null when none applies. */
export type KeywordMatcher = (description: string) => number | null;

// Statements repeat their descriptions (fees, sweeps, payroll): a bounded memo spares the scan.
const MEMO_LIMIT = 50_000;

/**
 * ingestion.md step 6: a keyword applies when its name is found in the description, case-insensitive;
 * of several, the one whose category ranks lowest wins (then the older category, then the older
 * keyword). Keywords of inactive categories are not assigned.
 */
export async function loadKeywordMatcher(db: DbOrTx): Promise<KeywordMatcher> {
  const rules = (await selectKeywordsByRank(db))
    .map((k) => ({ keywordId: k.keywordId, needle: k.keywordName.trim().toLowerCase() }))
    .filter((k) => k.needle !== '');
  const memo = new Map<string, number | null>();
  return (description) => {
    const known = memo.get(description);
    if (known !== undefined) return known;
    const text = description.toLowerCase();
    const keywordId = rules.find((k) => text.includes(k.needle))?.keywordId ?? null;
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(description, keywordId);
    return keywordId;
  };
}

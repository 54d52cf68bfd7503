import { useState } from 'react';

// ingestion-analysis.md 2 and 9: the Monte Carlo, step 2 and cashVest histories view at most 2 rows;
// choosing a third drops the one chosen first; until the user chooses, the first two viewable rows
// as listed (newest first) are viewed, the older of them counting as chosen first.

export const MAX_VIEWED_ROWS = 2;

/** The viewed ids after a click on a row's Viewing box, in the order they were chosen. */
export function toggleViewed(viewed: readonly number[], id: number): number[] {
  if (viewed.includes(id)) return viewed.filter((v) => v !== id);
  return [...viewed, id].slice(-MAX_VIEWED_ROWS);
}

/** The default: the first two viewable ids as listed, the older (second) one counted as chosen first. */
export function defaultViewed(viewableIds: readonly number[]): number[] {
  return viewableIds.slice(0, MAX_VIEWED_ROWS).reverse();
}

/**
 * The viewed rows of a history: `viewableIds` are the ids of the rows that have something to show
 * (a finished run), in the order listed. Ids that stop being viewable (deleted, rerun) drop out.
 */
export function useViewedRows(viewableIds: readonly number[]) {
  const [chosen, setChosen] = useState<number[] | null>(null);
  const viewed = (chosen ?? defaultViewed(viewableIds)).filter((id) => viewableIds.includes(id));
  return {
    viewed,
    isViewed: (id: number) => viewed.includes(id),
    toggle: (id: number) => setChosen(toggleViewed(viewed, id)),
    /** Hide Analysis: the row leaves the viewed set (spec 4 "Result panels"). */
    hide: (id: number) => setChosen(viewed.filter((v) => v !== id)),
  };
}

import { useEffect } from 'react';

/** A lazy route's own `import()`: calling it early leaves the chunk in the module cache. */
export type ChunkLoader = () => Promise<unknown>;

// Browsers without requestIdleCallback (Safari) wait this long after the first paint instead.
const FALLBACK_DELAY_MS = 300;
// On a busy page the chunks are still asked for after this long.
const IDLE_TIMEOUT_MS = 3_000;

interface SaveDataNavigator {
  connection?: { saveData?: boolean };
}

/**
 * Runs `task` once the browser is idle (at the latest after IDLE_TIMEOUT_MS); answers a function that
 * cancels it if it has not run.
 */
export function runWhenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function' && typeof cancelIdleCallback === 'function') {
    // The cancel is taken now: a screen unmounted later must cancel with the function that scheduled.
    const cancel = cancelIdleCallback;
    const id = requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS });
    return () => cancel(id);
  }
  const id = setTimeout(task, FALLBACK_DELAY_MS);
  return () => clearTimeout(id);
}

/**
 * Calls each loader once the browser is idle; answers a function that cancels what has not started.
 * Skipped when the user asked the browser to save data. A failed load is ignored here; the route's
 * own `lazy()` deals with it if the user goes there.
 */
export function prefetchWhenIdle(loaders: readonly ChunkLoader[]): () => void {
  if ((navigator as SaveDataNavigator).connection?.saveData) return () => undefined;
  return runWhenIdle(() => {
    for (const loader of loaders) loader().catch(() => undefined);
  });
}

/**
 * Prefetches the chunks a screen's user reaches next, after the screen is shown: effects run once the
 * screen has committed (not while it is suspended), and the loads then wait for an idle moment.
 */
export function usePrefetchWhenIdle(loaders: readonly ChunkLoader[]): void {
  useEffect(() => prefetchWhenIdle(loaders), [loaders]);
}

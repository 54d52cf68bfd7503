/**
 * `load` called at the first call and its answer kept for the next ones; a failed load (a chunk that did
 * not arrive) is tried again by the next call. For a schema an API module builds from schemas it imports
 * when its first answer needs them (investments.api.ts's page of investments), built once (issue 21).
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    }));
}

/**
 * `load` called at the first call and its answer kept for the next ones; a failed load (a chunk that did
 * not arrive) is tried again by the next call. For the schemas an API module imports when its first
 * answer needs them, so that a screen drawing only another of its calls does not build them (issue 21).
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () =>
    (pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    }));
}

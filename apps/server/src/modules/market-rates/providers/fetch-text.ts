/** Answers bigger than this are not a rate feed (a year of the Treasury curve is about 400 KB). */
const MAX_BYTES = 8 * 1024 * 1024;

/**
 * GET a provider URL with Node's fetch (undici) and a time limit; throws an Error whose message says
 * what went wrong without the URL, which may carry an API key.
 */
export async function fetchText(
  url: string,
  options: { timeoutMs: number; accept: string },
): Promise<{ status: number; text: string }> {
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { accept: options.accept, 'user-agent': 'Tideline market rates' },
      signal: AbortSignal.timeout(options.timeoutMs),
    });
  } catch (err) {
    const cause =
      err instanceof Error && err.name === 'TimeoutError'
        ? `no answer within ${options.timeoutMs} ms`
        : describeNetworkError(err);
    throw new Error(cause);
  }
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > MAX_BYTES) {
    await response.body?.cancel();
    throw new Error(`HTTP ${response.status}: an answer of ${declared} bytes is too large for a rate feed`);
  }
  const text = await response.text();
  if (text.length > MAX_BYTES)
    throw new Error(`HTTP ${response.status}: the answer is too large for a rate feed`);
  return { status: response.status, text };
}

function describeNetworkError(err: unknown): string {
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  if (cause?.code) return `could not connect (${cause.code})`;
  return `could not connect (${err instanceof Error ? err.message : String(err)})`;
}

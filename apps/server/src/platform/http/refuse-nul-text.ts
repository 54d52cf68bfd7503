import type { FastifyInstance } from 'fastify';
import { badRequest } from './app-error';

export const NUL_TEXT_MSG = 'Text in the request may not contain NUL characters.';

/** True when a string anywhere in a parsed JSON value holds U+0000. */
export function hasNulText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  // JSON bodies are at most BODY_LIMIT_BYTES; the depth bound keeps a pathological nesting cheap.
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  const items = Array.isArray(value) ? value : [...Object.keys(value), ...Object.values(value)];
  return items.some((item) => hasNulText(item, depth + 1));
}

/**
 * PostgreSQL text cannot hold U+0000, so a NUL that reached a query failed it with a 500. Every API
 * request is checked once, before validation: a NUL in the path, the query or the body is a 400.
 */
export function registerNulTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (!request.url.startsWith('/api/')) return;
    if (hasNulText(request.params) || hasNulText(request.query) || hasNulText(request.body))
      throw badRequest(NUL_TEXT_MSG);
  });
}

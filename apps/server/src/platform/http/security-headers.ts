import type { FastifyInstance } from 'fastify';

export interface SecurityHeaderOptions {
  publicUrl: string;
  /** Where the browser posts files in server mode (the S3 presigned POST), besides our own origin. */
  uploadOrigins: readonly string[];
  /** Plaid's environment when bank links are configured: its Link script and frame are allowed. */
  plaidEnvironment?: 'sandbox' | 'production' | null;
}

/** Plaid Link must be loaded from Plaid's CDN, runs in its frame and talks to its environment's API. */
const PLAID_LINK_ORIGIN = 'https://cdn.plaid.com';

/**
 * The Content-Security-Policy of the portal (issue 14 point 6). The built app loads only its own
 * scripts (no inline script); MUI's emotion writes <style> tags at run time, so styles may be inline;
 * images may be data: URLs (the MFA QR code, ECharts exports). No site may frame the portal. With
 * Plaid configured, its Link script and frame come from Plaid's CDN (the web loads them only when a
 * user starts a link).
 */
export function buildContentSecurityPolicy(options: SecurityHeaderOptions): string {
  const plaid = options.plaidEnvironment;
  const linkOrigins = plaid ? [PLAID_LINK_ORIGIN] : [];
  const connect = ["'self'", ...options.uploadOrigins, ...(plaid ? [`https://${plaid}.plaid.com`] : [])];
  return [
    "default-src 'self'",
    ["script-src 'self'", ...linkOrigins].join(' '),
    ...(plaid ? [`frame-src 'self' ${PLAID_LINK_ORIGIN}`] : []),
    "script-src-attr 'none'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src ${connect.join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The S3 origins a presigned POST can point at: the configured endpoint, or the bucket's AWS hosts. */
export function describeUploadOrigins(s3: {
  bucket?: string | undefined;
  endpoint?: string | undefined;
  region: string;
}): string[] {
  if (!s3.bucket) return [];
  if (s3.endpoint) return [new URL(s3.endpoint).origin];
  return [`https://${s3.bucket}.s3.${s3.region}.amazonaws.com`, `https://${s3.bucket}.s3.amazonaws.com`];
}

/**
 * Headers on every answer, set before routing so errors and the web app's files carry them too.
 * API answers are never stored by a browser or a proxy: they hold client data and tokens.
 */
export function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): void {
  const csp = buildContentSecurityPolicy(options);
  const isHttps = options.publicUrl.startsWith('https://');
  // Plaid Link's OAuth banks sign in in a popup that must report back to the page that opened it.
  const openerPolicy = options.plaidEnvironment ? 'same-origin-allow-popups' : 'same-origin';
  app.addHook('onRequest', (request, reply, done) => {
    reply.header('content-security-policy', csp);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('x-frame-options', 'DENY');
    // Links carry invitation and reset codes in their path: never leak them to another site.
    reply.header('referrer-policy', 'no-referrer');
    reply.header('cross-origin-opener-policy', openerPolicy);
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(), payment=()');
    if (isHttps) reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    if (request.url.startsWith('/api/')) reply.header('cache-control', 'no-store');
    done();
  });
}

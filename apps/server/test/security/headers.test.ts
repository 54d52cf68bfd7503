import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildContentSecurityPolicy, describeUploadOrigins } from '../../src/platform/http/security-headers';
import {
  call,
  createSignedInUser,
  createTestContext,
  type SignedInUser,
  type TestContext,
} from '../test-context';

// Issue 14 point 6: security headers on every answer (API, errors, the web app), HSTS behind https,
// no-store on API answers. The browser half (the app runs under the CSP, framing is refused) is
// e2e/specs/13-security-headers.e2e.ts.

let http: TestContext;
let https: TestContext;
let admin: SignedInUser;

beforeAll(async () => {
  http = await createTestContext();
  https = await createTestContext({ PUBLIC_URL: 'https://tideline.example.com' });
  admin = await createSignedInUser(http, 'Admin');
});
afterAll(async () => {
  await http.close();
  await https.close();
});

describe('security headers', () => {
  it('sends the CSP and the hardening headers on API answers, errors included', async () => {
    const answers = [
      await call(http, 'GET', '/api/users/logged-user', admin),
      await call(http, 'GET', '/api/users/logged-user'),
      await call(http, 'GET', '/api/no-such-route', admin),
      await call(http, 'POST', '/api/auth/sign-in', null, { email: 'x' }),
    ];
    expect(answers.map((a) => a.statusCode)).toEqual([200, 401, 404, 400]);
    for (const res of answers) {
      expect(res.headers['content-security-policy']).toBe(
        buildContentSecurityPolicy({ publicUrl: 'http://tideline.test', uploadOrigins: [] }),
      );
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('allows no inline script, no framing and no plugin in the policy', () => {
    const csp = buildContentSecurityPolicy({ publicUrl: 'https://x', uploadOrigins: [] });
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).not.toMatch(/unsafe-eval/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
  });

  it('lets the browser post uploads to the configured bucket only', () => {
    expect(describeUploadOrigins({ region: 'us-east-1' })).toEqual([]);
    expect(
      describeUploadOrigins({ bucket: 'b', endpoint: 'http://127.0.0.1:4569/x', region: 'us-east-1' }),
    ).toEqual(['http://127.0.0.1:4569']);
    expect(describeUploadOrigins({ bucket: 'stmts', region: 'eu-west-1' })).toEqual([
      'https://stmts.s3.eu-west-1.amazonaws.com',
      'https://stmts.s3.amazonaws.com',
    ]);
    const csp = buildContentSecurityPolicy({
      publicUrl: 'https://x',
      uploadOrigins: ['https://stmts.s3.amazonaws.com'],
    });
    expect(csp).toContain("connect-src 'self' https://stmts.s3.amazonaws.com");
  });

  it('lets Plaid Link load from Plaid only when Plaid is configured, still without inline script', () => {
    const plain = buildContentSecurityPolicy({ publicUrl: 'https://x', uploadOrigins: [] });
    expect(plain).not.toContain('plaid');
    expect(plain).not.toContain('frame-src');
    const csp = buildContentSecurityPolicy({
      publicUrl: 'https://x',
      uploadOrigins: [],
      plaidEnvironment: 'production',
    });
    expect(csp).toContain("script-src 'self' https://cdn.plaid.com;");
    expect(csp).toContain("frame-src 'self' https://cdn.plaid.com;");
    expect(csp).toContain("connect-src 'self' https://production.plaid.com;");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it('sends the Plaid policy on every answer of a server configured for Plaid', async () => {
    const plaid = await createTestContext({
      PLAID_CLIENT_ID: 'client',
      PLAID_SECRET: 'secret',
      PLAID_TOKEN_KEY: Buffer.alloc(32, 1).toString('base64'),
    });
    const res = await call(plaid, 'GET', '/api/health');
    await plaid.close();
    expect(res.headers['content-security-policy']).toBe(
      buildContentSecurityPolicy({
        publicUrl: 'http://tideline.test',
        uploadOrigins: [],
        plaidEnvironment: 'sandbox',
      }),
    );
    // Link's OAuth popups report back to the portal; nothing else may open it and keep a handle.
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
  });

  it('sends HSTS when PUBLIC_URL is https', async () => {
    const res = await call(https, 'GET', '/api/health');
    expect(res.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
  });
});

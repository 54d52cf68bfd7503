import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';

export type ApiCall = <T = unknown>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  data?: unknown,
) => Promise<T>;

/**
 * The API as the page's signed-in user, for setting up data around a spec: the page's refresh cookie
 * gives a bearer token. A call that fails fails the test with its status and body.
 */
export async function signedInApi(page: Page): Promise<ApiCall> {
  const token = await page.evaluate(async () => {
    const r = await fetch('/api/auth/refresh', { method: 'POST', credentials: 'same-origin' });
    return ((await r.json()) as { accessToken: string }).accessToken;
  });
  return async <T>(method: string, url: string, data?: unknown) => {
    const response = await page.request.fetch(url, {
      method,
      headers: { Authorization: `Bearer ${token}` },
      data,
    });
    assert.ok(response.ok(), `${method} ${url}: ${response.status()} ${await response.text()}`);
    return (await response.json()) as T;
  };
}

/** Picks `option` in the select labelled `field` inside `scope` (a dialog or a form). */
export async function choose(scope: Locator, field: string, option: string): Promise<void> {
  await scope.getByRole('combobox', { name: field }).click();
  await scope.page().getByRole('option', { name: option, exact: true }).click();
}

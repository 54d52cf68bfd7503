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

/** The client fields its PUT takes back unchanged, next to a new Assign To. */
const CLIENT_FIELDS = [
  'clientName',
  'budget',
  'clientCategory',
  'clientType',
  'state',
  'initialInterest',
  'dataGatheringFrequency',
  'reportFrequency',
  'reportCycle',
] as const;

/**
 * Adds `userId` to the client's Assign To through the API, keeping its other fields and assignees;
 * answers the client as it was read.
 */
export async function assignClientTo(
  api: ApiCall,
  clientId: number,
  userId: number,
): Promise<{ clientId: number; clientName: string }> {
  const client = await api<Record<string, unknown> & { clientId: number; clientName: string }>(
    'GET',
    `/api/clients/${clientId}`,
  );
  const assignees = (client.assignees as { userId: number }[]).map((a) => a.userId);
  await api('PUT', `/api/clients/${clientId}`, {
    client: {
      ...Object.fromEntries(CLIENT_FIELDS.map((k) => [k, client[k]])),
      assignTo: [...new Set([...assignees, userId])],
    },
  });
  return client;
}

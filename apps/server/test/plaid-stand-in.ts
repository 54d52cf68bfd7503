import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local server speaking Plaid's JSON for the calls bank links make, so the tests run the official
// `plaid` client (its basePath pointed here) instead of a mock. Shapes follow Plaid's API reference:
// credentials in the PLAID-CLIENT-ID / PLAID-SECRET headers, errors as { error_type, error_code,
// error_message, … } with HTTP 400, /transactions/sync paged by count, next_cursor and has_more.

export const STAND_IN_CLIENT_ID = 'stand-in-client-id';
export const STAND_IN_SECRET = 'stand-in-secret';

export interface StandInAccount {
  account_id: string;
  name: string;
  mask: string | null;
}

export interface StandInTransaction {
  transaction_id: string;
  account_id: string;
  /** Plaid's sign: positive is money out. */
  amount: number;
  date: string;
  name: string;
  original_description?: string | null;
  pending?: boolean;
}

export interface StandInItem {
  accounts: StandInAccount[];
  /** Delivered as `added`, page by page. */
  transactions: StandInTransaction[];
  /** Delivered on the last page, as Plaid sends changes after the first sync of them. */
  modified?: StandInTransaction[];
  removed?: string[];
  updateStatus?: 'NOT_READY' | 'INITIAL_UPDATE_COMPLETE' | 'HISTORICAL_UPDATE_COMPLETE';
}

export interface StandInRequest {
  path: string;
  body: Record<string, unknown>;
}

type Answer = [status: number, body: unknown];

const plaidError = (code: string, message: string, type = 'INVALID_INPUT'): Answer => [
  400,
  {
    error_type: type,
    error_code: code,
    error_message: message,
    display_message: null,
    request_id: randomUUID(),
    causes: [],
    status: 400,
    documentation_url: `https://plaid.com/docs/errors/${type.toLowerCase()}/#${code.toLowerCase()}`,
    suggested_action: null,
  },
];

function toPlaidTransaction(t: StandInTransaction, includeOriginal: boolean) {
  return {
    account_id: t.account_id,
    account_owner: null,
    amount: t.amount,
    iso_currency_code: 'USD',
    unofficial_currency_code: null,
    authorized_date: t.date,
    authorized_datetime: null,
    date: t.date,
    datetime: null,
    location: {},
    merchant_name: null,
    name: t.name,
    original_description: includeOriginal ? (t.original_description ?? null) : null,
    payment_channel: 'other',
    payment_meta: {},
    pending: t.pending ?? false,
    pending_transaction_id: null,
    transaction_code: null,
    transaction_id: t.transaction_id,
  };
}

function toPlaidAccount(a: StandInAccount) {
  const balances = { available: 100, current: 110, iso_currency_code: 'USD', limit: null };
  return { ...a, balances, official_name: null, type: 'depository', subtype: 'checking' };
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

export async function startPlaidStandIn() {
  const requests: StandInRequest[] = [];
  const publicTokens = new Map<string, StandInItem>();
  const items = new Map<string, StandInItem & { itemId: string }>();
  const removedAccessTokens: string[] = [];
  const failures = new Map<string, (Answer | null)[]>();

  const sync = (item: StandInItem, body: Record<string, unknown>): Answer => {
    const count = Number(body.count ?? 100);
    const cursor = typeof body.cursor === 'string' ? body.cursor : '';
    const offset = cursor ? Number(cursor.replace('cursor-', '')) : 0;
    const added = item.transactions.slice(offset, offset + count);
    const next = offset + added.length;
    const hasMore = next < item.transactions.length;
    const options = (body.options ?? {}) as { include_original_description?: boolean };
    const original = options.include_original_description === true;
    return [
      200,
      {
        accounts: item.accounts.map(toPlaidAccount),
        added: added.map((t) => toPlaidTransaction(t, original)),
        modified: hasMore ? [] : (item.modified ?? []).map((t) => toPlaidTransaction(t, original)),
        removed: hasMore ? [] : (item.removed ?? []).map((id) => ({ transaction_id: id, account_id: null })),
        next_cursor: `cursor-${next}`,
        has_more: hasMore,
        transactions_update_status: item.updateStatus ?? 'HISTORICAL_UPDATE_COMPLETE',
        request_id: randomUUID(),
      },
    ];
  };

  const answer = (path: string, body: Record<string, unknown>): Answer => {
    // A queued null lets this call through to the normal answer.
    const queued = failures.get(path)?.shift();
    if (queued) return queued;
    const item = typeof body.access_token === 'string' ? items.get(body.access_token) : undefined;
    switch (path) {
      case '/link/token/create': {
        if (body.access_token !== undefined && !item)
          return plaidError('INVALID_ACCESS_TOKEN', 'provided access token is invalid');
        const expiration = new Date(Date.now() + 4 * 3600_000).toISOString().replace(/\.\d+Z$/, 'Z');
        return [200, { link_token: `link-sandbox-${randomUUID()}`, expiration, request_id: randomUUID() }];
      }
      case '/item/public_token/exchange': {
        const template = publicTokens.get(String(body.public_token));
        if (!template) return plaidError('INVALID_PUBLIC_TOKEN', 'provided public token is expired');
        publicTokens.delete(String(body.public_token));
        const accessToken = `access-sandbox-${randomUUID()}`;
        const itemId = randomUUID().replace(/-/g, '');
        items.set(accessToken, { ...template, itemId });
        return [200, { access_token: accessToken, item_id: itemId, request_id: randomUUID() }];
      }
      case '/item/remove':
        if (!item) return plaidError('INVALID_ACCESS_TOKEN', 'provided access token is invalid');
        items.delete(String(body.access_token));
        removedAccessTokens.push(String(body.access_token));
        return [200, { request_id: randomUUID() }];
      case '/transactions/sync':
        if (!item) return plaidError('INVALID_ACCESS_TOKEN', 'provided access token is invalid');
        return sync(item, body);
      default:
        return [404, { error_type: 'INVALID_REQUEST', error_code: 'NOT_FOUND', error_message: 'not found' }];
    }
  };

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    void readJson(req).then((body) => {
      requests.push({ path, body });
      const isKnown =
        req.headers['plaid-client-id'] === STAND_IN_CLIENT_ID &&
        req.headers['plaid-secret'] === STAND_IN_SECRET;
      const [status, payload] = isKnown
        ? answer(path, body)
        : plaidError('INVALID_API_KEYS', 'invalid client_id or secret provided');
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(payload));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    removedAccessTokens,
    /** What Link would hand the browser after the user picked this item's accounts. */
    issuePublicToken(item: StandInItem): string {
      const token = `public-sandbox-${randomUUID()}`;
      publicTokens.set(token, item);
      return token;
    },
    /** The item a stored access token opens, to change its transactions between pulls. */
    itemOf: (accessToken: string) => items.get(accessToken),
    /** The next calls of `path` answer these in order (null: the normal answer), then normally again. */
    failNext(path: string, ...answers: (Answer | null)[]) {
      failures.set(path, [...(failures.get(path) ?? []), ...answers]);
    },
    plaidError,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type PlaidStandIn = Awaited<ReturnType<typeof startPlaidStandIn>>;

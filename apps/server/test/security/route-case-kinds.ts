import type { ClientRecords, SecurityWorld } from './security-world';

// The kinds of route case the client-scoping matrix knows (route-cases.ts says what each asks).

export interface Probe {
  url: string;
  body?: unknown;
}

/** 404 or 422: the status another client's ids get; 'same': whatever ids that exist nowhere get. */
export type ScopedAnswer = 404 | 422 | 'same';

export type RouteCase =
  | { kind: 'client'; probe: (ids: ClientRecords) => Probe; expect?: ScopedAnswer }
  | {
      kind: 'read';
      probe?: (w: SecurityWorld) => Probe;
      showsA?: boolean;
      /** The exact answer, where a leak would show as a value rather than as B's text. */
      answer?: unknown;
    }
  | { kind: 'exempt'; reason: string };

export const PAGE = { pageSize: 500, pageIndex: 0 };
export const client = (probe: (ids: ClientRecords) => Probe, expect?: ScopedAnswer): RouteCase => ({
  kind: 'client',
  probe,
  ...(expect ? { expect } : {}),
});
export const path = (url: (ids: ClientRecords) => string, expect?: ScopedAnswer) =>
  client((ids) => ({ url: url(ids) }), expect);
export const read = (url?: string, showsA = false): RouteCase => ({
  kind: 'read',
  ...(url ? { probe: () => ({ url }) } : {}),
  showsA,
});
export const exempt = (reason: string): RouteCase => ({ kind: 'exempt', reason });
export const FIRM_WIDE = 'creates or changes a firm-wide record: no client id to cross';
export const IDENTITY = 'identity: answers for the caller alone';

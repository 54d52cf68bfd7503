import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { LoadedUser } from './load-current-user';

/** The channel migration 0027's triggers notify on: a user id, or '*' when a role changed. */
export const ACCESS_CHANNEL = 'tideline_access';

interface Entry {
  user: LoadedUser;
  /** Served until the first of: the session's absolute end, the cache's time to live. */
  until: number;
}

export interface CurrentUserCache {
  /** The user behind an access token's claims: from memory when still valid, else from `load`. */
  get(
    claims: { userId: number; sessionId: string },
    load: () => Promise<LoadedUser | null>,
  ): Promise<LoadedUser | null>;
  /** Forgets one user's entries (every session), or everybody's. */
  evict(userId: number | 'all'): void;
  isCached(userId: number): boolean;
  stats(): { hits: number; misses: number; entries: number; isListening: boolean };
  start(): Promise<void>;
  stop(): Promise<void>;
}

// Every cache of the process, so a write of this process forgets at once what it changed, without
// waiting for its own notification to come back (a sign-out, then the same token replayed).
const liveCaches = new Set<CurrentUserCache>();

/** Called by the queries that change a user, their sessions or client association, or a role. */
export function evictCachedAccess(userId: number | 'all'): void {
  for (const cache of liveCaches) cache.evict(userId);
}

const MAX_ENTRIES = 20_000;
const MAX_RETRY_MS = 30_000;

/**
 * The signed-in user and their client visibility, kept across requests (issue 21 point 2), so a request
 * costs no query of its own for them. Safe because every change that could alter an answer reaches it:
 * triggers on users, sessions, user_clients and roles NOTIFY the changed user (or '*'), and this process
 * LISTENs on a connection of its own; its own writes also evict at once. Entries are served only while
 * that connection listens: when it drops, everything is forgotten and each request reads the database
 * until it listens again. A load that overlaps a notification is not kept (`generation`), so a read
 * older than a change never outlives it. An entry lives at most `ttlSeconds` and never past its
 * session's end.
 */
export function createCurrentUserCache(options: {
  databaseUrl: string;
  ttlSeconds: number;
  log: FastifyBaseLogger;
}): CurrentUserCache {
  const byUser = new Map<number, Map<string, Entry>>();
  let entries = 0;
  let generation = 0;
  let hits = 0;
  let misses = 0;
  let listener: pg.Client | null = null;
  let isListening = false;
  let isStopped = false;
  let retryMs = 500;
  let retryTimer: NodeJS.Timeout | undefined;

  function forget(userId: number | 'all') {
    generation += 1;
    if (userId === 'all') {
      byUser.clear();
      entries = 0;
      return;
    }
    entries -= byUser.get(userId)?.size ?? 0;
    byUser.delete(userId);
  }

  function keep(user: LoadedUser) {
    if (entries >= MAX_ENTRIES) forget('all');
    const sessions = byUser.get(user.userId) ?? new Map<string, Entry>();
    byUser.set(user.userId, sessions);
    if (!sessions.has(user.sessionId)) entries += 1;
    const until = Math.min(user.sessionExpiresAt.getTime(), Date.now() + options.ttlSeconds * 1000);
    // Shared by every request of the user from now on: nothing may change it in place.
    Object.freeze(user.clientIds);
    Object.freeze(user.permList);
    sessions.set(user.sessionId, { user: Object.freeze(user), until });
  }

  function onLost(err: unknown) {
    if (listener === null) return;
    listener = null;
    isListening = false;
    forget('all');
    if (isStopped) return;
    options.log.warn({ err }, 'access cache: notification connection lost; reading users from the database');
    retryTimer = setTimeout(() => void listen(), retryMs);
    retryTimer.unref();
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
  }

  async function listen() {
    const client = new pg.Client({ connectionString: options.databaseUrl });
    listener = client;
    client.on('error', onLost);
    client.on('end', () => onLost(new Error('connection ended')));
    client.on('notification', (msg) => {
      if (msg.channel !== ACCESS_CHANNEL) return;
      forget(msg.payload === '*' ? 'all' : Number(msg.payload));
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${ACCESS_CHANNEL}`);
    } catch (err) {
      onLost(err);
      await client.end().catch(() => undefined);
      return;
    }
    if (isStopped || listener !== client) return;
    // Whatever changed while nobody listened is unknown: start empty.
    forget('all');
    isListening = true;
    retryMs = 500;
  }

  const cache: CurrentUserCache = {
    async get(claims, load) {
      const entry = isListening ? byUser.get(claims.userId)?.get(claims.sessionId) : undefined;
      if (entry && entry.until > Date.now()) {
        hits += 1;
        return entry.user;
      }
      misses += 1;
      const startedAt = generation;
      const user = await load();
      const isLive = user !== null && user.isSessionLive && user.status === 1;
      if (isLive && isListening && startedAt === generation) keep(user);
      return user;
    },
    evict: forget,
    isCached: (userId) => byUser.has(userId),
    stats: () => ({ hits, misses, entries, isListening }),
    async start() {
      liveCaches.add(cache);
      await listen();
    },
    async stop() {
      isStopped = true;
      liveCaches.delete(cache);
      clearTimeout(retryTimer);
      const client = listener;
      listener = null;
      isListening = false;
      forget('all');
      await client?.end().catch(() => undefined);
    },
  };
  return cache;
}

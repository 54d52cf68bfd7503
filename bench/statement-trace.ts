import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import type { Db } from '../apps/server/src/db/open-database';
import * as schema from '../apps/server/src/db/schema';

// A Drizzle database on one connection of its own whose statements are timed one by one, so a bench
// can call the server's query functions as they are and still say which statement took the time; with
// `explain` on, each UPDATE/WITH/SELECT is sent as EXPLAIN (ANALYZE, BUFFERS) instead (it still runs:
// wrap it in a savepoint to undo it) and its plan kept.

export interface TracedStatement {
  text: string;
  values: unknown[];
  ms: number;
  rows: number;
  plan?: string;
}

export interface TracedDatabase {
  db: Db;
  client: pg.Client;
  /** Statements since the last take(), in order. */
  take(): TracedStatement[];
  explain: boolean;
  close(): Promise<void>;
}

export async function openTracedDatabase(url: string): Promise<TracedDatabase> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let statements: TracedStatement[] = [];
  const traced: TracedDatabase = {
    db: drizzle(client, { schema }) as unknown as Db,
    client,
    take: () => {
      const taken = statements;
      statements = [];
      return taken;
    },
    explain: false,
    close: () => client.end(),
  };
  const target = client as unknown as { query: (...args: unknown[]) => Promise<unknown> };
  const original = target.query.bind(client);
  target.query = async (...args: unknown[]) => {
    const q = args[0] as string | { text: string; values?: unknown[] };
    const text = typeof q === 'string' ? q : q.text;
    const values = (typeof q === 'string' ? undefined : q.values) ?? (args[1] as unknown[] | undefined) ?? [];
    const explained = traced.explain && /^\s*(update|with|select)\b/i.test(text);
    if (explained) args = [{ text: `EXPLAIN (ANALYZE, BUFFERS) ${text}`, values }];
    const started = performance.now();
    const result = (await original(...args)) as { rows?: Record<string, unknown>[]; rowCount?: number };
    const ms = performance.now() - started;
    if (/^\s*(begin|commit|rollback|savepoint|release)\b/i.test(text)) return result;
    const plan = explained ? result.rows?.map((r) => String(r['QUERY PLAN'])).join('\n') : undefined;
    statements.push({
      text,
      values,
      ms,
      rows: result.rowCount ?? result.rows?.length ?? 0,
      ...(plan ? { plan } : {}),
    });
    return result;
  };
  return traced;
}

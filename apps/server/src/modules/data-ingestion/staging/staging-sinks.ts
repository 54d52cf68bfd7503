import { once } from 'node:events';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

// Where a file's staging rows go, inside the extraction's transaction (ingestion.md step 6): COPY on
// the PostgreSQL server; large multi-row INSERTs on PGlite, whose socket loses the protocol's
// synchronisation on COPY FROM STDIN (docs/architecture.md "One driver path, two databases").

export type StagingValue = string | number | null;

export interface StagingTable {
  name: 'staging_transactions' | 'staging_investments';
  columns: readonly string[];
  /** Each column's PostgreSQL type, for the INSERT's unnest arrays. */
  types: readonly string[];
}

export interface RowSink {
  write(rows: readonly StagingValue[][]): Promise<void>;
  /** Every row written is in the table (still inside the caller's transaction). */
  finish(): Promise<void>;
  /** Stops writing after a failure; the caller rolls the transaction back. */
  abort(): Promise<void>;
}

/** COPY's text format: backslash, tab and line breaks escaped, null as \N. */
function toCopyField(value: StagingValue): string {
  if (value === null) return '\\N';
  if (typeof value === 'number') return String(value);
  return /[\\\t\n\r]/.test(value)
    ? value.replace(/[\\\t\n\r]/g, (c) =>
        c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r',
      )
    : value;
}

export function createCopySink(client: pg.PoolClient, table: StagingTable): RowSink {
  const stream = client.query(copyFrom(`COPY ${table.name} (${table.columns.join(', ')}) FROM STDIN`));
  let failure: unknown;
  const done = new Promise<void>((resolve, reject) => {
    stream.on('finish', resolve);
    stream.on('error', (err) => {
      failure = err;
      reject(err);
    });
  });
  // Observed here so an early error is not unhandled; write() and finish() rethrow it.
  done.catch(() => undefined);
  return {
    async write(rows) {
      if (failure) throw failure;
      let text = '';
      for (const row of rows) text += `${row.map(toCopyField).join('\t')}\n`;
      if (!stream.write(text)) await Promise.race([once(stream, 'drain'), done]);
    },
    async finish() {
      stream.end();
      await done;
    },
    async abort() {
      // Ending the COPY leaves its rows to the transaction's rollback; an error here changes nothing.
      if (!stream.writableEnded) stream.end();
      await done.catch(() => undefined);
    },
  };
}

/** Rows per INSERT: one statement with one array parameter per column, however many rows. */
const INSERT_ROWS = 5_000;

export function createInsertSink(client: pg.PoolClient, table: StagingTable): RowSink {
  const arrays = table.types.map((type, i) => `$${i + 1}::${type}[]`).join(', ');
  const text = `insert into ${table.name} (${table.columns.join(', ')}) select * from unnest(${arrays})`;
  let pending: StagingValue[][] = [];
  const flush = async () => {
    if (pending.length === 0) return;
    const columns = table.columns.map((_, c) => pending.map((row) => row[c] ?? null));
    pending = [];
    await client.query(text, columns);
  };
  return {
    async write(rows) {
      for (const row of rows) pending.push(row);
      if (pending.length >= INSERT_ROWS) await flush();
    },
    finish: flush,
    async abort() {
      pending = [];
    },
  };
}

// The 10M-row load of bench/transactions-list.bench.ts: COPY without the transactions indexes and foreign
// keys, then those rebuilt as the migrations left them and the table vacuumed and analyzed.
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';

/**
 * `totalRows` transactions spread evenly over `accounts`, three years of days from 2023-01-01, 16
 * description kinds (e.g. 'PAYROLL TAX WITHHOLDING 48213'), from a fixed seed.
 */
export async function loadTransactions({
  databaseUrl,
  accounts,
  totalRows,
  bankReferenceOf,
  log,
}: {
  databaseUrl: string;
  accounts: readonly { accountId: number; clientId: number }[];
  totalRows: number;
  /** The bank_reference of the n-th row written (0-based); without it the column is left null. */
  bankReferenceOf?: (row: number) => string | null;
  log: (msg: string) => void;
}) {
  // Load without the transactions indexes and foreign keys, then rebuild them as the migrations left
  // them (read from the catalog). The counter triggers stay on: COPY pays for them as an import would.
  const raw = new pg.Client({ connectionString: databaseUrl });
  await raw.connect();
  raw.on('error', () => undefined);
  const { rows: indexes } = await raw.query<{ name: string; definition: string }>(
    `select indexname as name, indexdef as definition from pg_indexes
      where tablename = 'transactions' and indexname <> 'transactions_pkey'`,
  );
  const { rows: foreignKeys } = await raw.query<{ name: string; definition: string }>(
    `select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint
      where conrelid = 'transactions'::regclass and contype = 'f'`,
  );
  for (const index of indexes) await raw.query(`DROP INDEX "${index.name}"`);
  for (const fk of foreignKeys) await raw.query(`ALTER TABLE transactions DROP CONSTRAINT "${fk.name}"`);
  const rebuild = [
    ...indexes.map((index) => index.definition),
    ...foreignKeys.map((fk) => `ALTER TABLE transactions ADD CONSTRAINT "${fk.name}" ${fk.definition}`),
  ];

  const words = [
    'ACH CREDIT PROPERTY TAX RECEIPT',
    'STATE AID DEPOSIT',
    'PAYROLL DIRECT DEPOSIT',
    'PAYROLL TAX WITHHOLDING',
    'DEBT SERVICE PAYMENT',
    'INTEREST CREDIT',
    'CHECK PAID',
    'WIRE TRANSFER IN',
    'WIRE TRANSFER OUT',
    'VENDOR ACH PAYMENT',
    'UTILITY PAYMENT',
    'SALES TAX DISTRIBUTION',
    'FEDERAL GRANT DRAWDOWN',
    'SWEEP TRANSFER',
    'MERCHANT CARD DEPOSIT',
    'BANK SERVICE FEE',
  ];
  const perAccount = Math.ceil(totalRows / accounts.length);
  const days = 3 * 365;
  const start = Date.UTC(2023, 0, 1);
  let seed = 42;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const reference = bankReferenceOf ? (row: number) => `\t${bankReferenceOf(row) ?? '\\N'}` : () => '';
  const line = (account: { accountId: number; clientId: number }, i: number, row: number) => {
    const day = new Date(start + Math.floor((i / perAccount) * days) * 86_400_000).toISOString().slice(0, 10);
    const word = words[Math.floor(random() * words.length)]!;
    const cents = Math.floor(random() * 5_000_000);
    const amount =
      (word.includes('PAYMENT') || word.includes('OUT') || word.includes('FEE') || word.includes('PAID')
        ? -cents
        : cents) / 100;
    return `${account.clientId}\t${account.accountId}\t${day}\t${word} ${Math.floor(random() * 100000)}\t${amount.toFixed(2)}${reference(row)}\n`;
  };
  function* lines() {
    let written = 0;
    for (const account of accounts) {
      for (let i = 0; i < perAccount && written < totalRows; i++, written++) {
        let batch = line(account, i, written);
        // Emit in chunks of ~1,000 rows so the stream moves large buffers.
        for (let k = 0; k < 999 && ++i < perAccount && ++written < totalRows; k++) {
          batch += line(account, i, written);
        }
        yield batch;
      }
    }
  }
  log(`loading ${totalRows.toLocaleString('en-US')} transactions with COPY`);
  const copyStart = performance.now();
  await pipeline(
    Readable.from(lines()),
    raw.query(
      copyFrom(
        `COPY transactions (client_id, account_id, transaction_date, description, amount${bankReferenceOf ? ', bank_reference' : ''}) FROM STDIN`,
      ),
    ),
  );
  const copySeconds = (performance.now() - copyStart) / 1000;
  log(
    `COPY took ${copySeconds.toFixed(1)} s (${Math.round(totalRows / copySeconds).toLocaleString('en-US')} rows/s)`,
  );
  await raw.query(`SET maintenance_work_mem = '1GB'`);
  const indexStart = performance.now();
  for (const s of rebuild) await raw.query(s);
  log(`indexes and foreign keys rebuilt in ${((performance.now() - indexStart) / 1000).toFixed(1)} s`);
  await raw.query('VACUUM ANALYZE transactions');
  log('vacuumed and analyzed');
  await raw.end();
}

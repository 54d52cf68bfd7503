import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { accounts, bankClientRelationships, banks, files } from '../../db/schema';

// The files flow's rows are read here (status, name, storage key): the files area offers no lookup yet.
export function selectFilesByIds(db: DbOrTx, fileIds: readonly number[]) {
  return db
    .select()
    .from(files)
    .where(inArray(files.fileId, [...fileIds]))
    .orderBy(asc(files.fileId));
}

export async function selectFileById(db: DbOrTx, fileId: number) {
  const [row] = await db.select().from(files).where(eq(files.fileId, fileId));
  return row ?? null;
}

/** The banks the client is related to: a bulk row may name only these. */
export function selectRelatedBanks(db: DbOrTx, clientId: number) {
  return db
    .select({ bankId: banks.bankId, bankName: banks.bankName })
    .from(bankClientRelationships)
    .innerJoin(banks, eq(banks.bankId, bankClientRelationships.bankId))
    .where(eq(bankClientRelationships.clientId, clientId));
}

/** Only one extraction of a file at a time; the lock ends with the transaction. */
export async function lockFileExtraction(db: DbOrTx, fileId: number) {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('accounts.extract-csv'), ${fileId})`);
}

export function selectAccountIdsFromFile(db: DbOrTx, fileId: number) {
  return db
    .select({ accountId: accounts.accountId })
    .from(accounts)
    .where(eq(accounts.sourceFileId, fileId))
    .orderBy(asc(accounts.accountId));
}

/** The client's accounts with these numbers (any bank), to refuse a row that repeats one. */
export function selectAccountsByNumbers(db: DbOrTx, clientId: number, numbers: readonly string[]) {
  return db
    .select({ accountNumber: accounts.accountNumber, bankId: accounts.bankId })
    .from(accounts)
    .where(
      and(
        eq(accounts.clientId, clientId),
        inArray(
          sql`lower(${accounts.accountNumber})`,
          numbers.map((n) => n.toLowerCase()),
        ),
      ),
    );
}

export async function insertStagingAccounts(db: DbOrTx, values: (typeof accounts.$inferInsert)[]) {
  return db.insert(accounts).values(values).returning({ accountId: accounts.accountId });
}

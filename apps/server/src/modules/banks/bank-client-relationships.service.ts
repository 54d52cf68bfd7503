import {
  CLIENT_MSG,
  COLLECTION_TYPES,
  DEFAULT_COLLECTION_TYPE,
  type BankClientRelationship,
  type CollectionType,
} from '@tideline/contracts';
import type { Db, DbOrTx } from '../../db/open-database';
import { isUniqueViolation } from '../../db/pg-errors';
import { assertClientAccess } from '../../platform/access/client-scope';
import type { CurrentUser } from '../../platform/access/route-access';
import { writeAudit, type AuditContext } from '../../platform/audit/write-audit';
import { conflict, notFound } from '../../platform/http/app-error';
import { findBankById } from './banks.service';
import * as q from './bank-client-relationships.queries';

// Client-bank relationships (spec 2 "Banks tab of the client", 3, 4): one per client and bank. The
// clients area serves them under /api/clients/banks; accounts relate a client to a bank through
// ensureBankClientRelationship when an account names a bank the client has no relationship with.

type RelationshipRow = NonNullable<Awaited<ReturnType<typeof q.selectRelationshipById>>>;

const asCollectionType = (v: string): CollectionType =>
  (COLLECTION_TYPES as readonly string[]).includes(v) ? (v as CollectionType) : DEFAULT_COLLECTION_TYPE;

function toRelationship(row: RelationshipRow): BankClientRelationship {
  return {
    bankClientRelId: row.bankClientRelId,
    clientId: row.clientId,
    bankId: row.bankId,
    bankName: row.bankName,
    numOfAccounts: Number(row.numOfAccounts),
    avgBalance12Months:
      row.avgBalance12Months === null ? null : Math.round(Number(row.avgBalance12Months) * 100) / 100,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    status: row.status === 1 ? 1 : 0,
    collectionType: asCollectionType(row.collectionType),
  };
}

const audited = (r: { clientId: number; bankId: number; status: number; collectionType: string }) => ({
  clientId: r.clientId,
  bankId: r.bankId,
  status: r.status,
  collectionType: r.collectionType,
});

/** The relationships of one client (the caller has checked access to the client). */
export async function listClientRelationships(
  db: DbOrTx,
  clientId: number,
): Promise<BankClientRelationship[]> {
  const rows = await q.selectClientRelationships(db, clientId);
  return rows.map(toRelationship);
}

/** A relationship the user may see, else 404 (ids of other clients' relationships cannot be probed). */
export async function findVisibleRelationship(
  db: DbOrTx,
  user: CurrentUser,
  bankClientRelId: number,
): Promise<BankClientRelationship> {
  const row = await q.selectRelationshipById(db, bankClientRelId);
  if (!row) throw notFound(CLIENT_MSG.relationshipNotFound);
  assertClientAccess(user, row.clientId, CLIENT_MSG.relationshipNotFound);
  return toRelationship(row);
}

interface RelationshipInput {
  clientId: number;
  bankId: number;
  status?: 0 | 1 | undefined;
  collectionType?: CollectionType | undefined;
}

/** Relates a bank to a client (the caller has checked access to the client). */
export async function createRelationship(
  db: Db,
  input: RelationshipInput,
  ctx: AuditContext,
): Promise<BankClientRelationship> {
  if (!(await findBankById(db, input.bankId))) throw notFound(CLIENT_MSG.bankNotFound);
  try {
    return await db.transaction(async (tx) => {
      const row = await insertRelationshipAudited(tx, input, ctx);
      return toRelationship((await q.selectRelationshipById(tx, row.bankClientRelId))!);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'bank_client_relationships_client_bank_key'))
      throw conflict(CLIENT_MSG.relationshipExists);
    throw error;
  }
}

async function insertRelationshipAudited(tx: DbOrTx, input: RelationshipInput, ctx: AuditContext) {
  const row = await q.insertRelationship(tx, {
    clientId: input.clientId,
    bankId: input.bankId,
    status: input.status ?? 1,
    collectionType: input.collectionType ?? DEFAULT_COLLECTION_TYPE,
  });
  await writeAudit(tx, ctx, {
    action: 'bankClientRelationship.created',
    entity: 'bank_client_relationship',
    entityId: row.bankClientRelId,
    after: audited(row),
  });
  return row;
}

/**
 * For the accounts area: the relationship of (client, bank), created active with the default
 * collection type when the client has none yet. Runs in the caller's transaction.
 */
export async function ensureBankClientRelationship(
  tx: DbOrTx,
  clientId: number,
  bankId: number,
  ctx: AuditContext,
): Promise<BankClientRelationship> {
  const existing = await q.selectRelationshipByClientBank(tx, clientId, bankId);
  if (existing) return toRelationship(existing);
  if (!(await findBankById(tx, bankId))) throw notFound(CLIENT_MSG.bankNotFound);
  // A racing twin may create it first: then there is nothing to insert and nothing to audit.
  const inserted = await q.insertRelationshipIfMissing(tx, {
    clientId,
    bankId,
    status: 1,
    collectionType: DEFAULT_COLLECTION_TYPE,
  });
  if (inserted)
    await writeAudit(tx, ctx, {
      action: 'bankClientRelationship.created',
      entity: 'bank_client_relationship',
      entityId: inserted.bankClientRelId,
      after: audited(inserted),
    });
  return toRelationship((await q.selectRelationshipByClientBank(tx, clientId, bankId))!);
}

/** Edit Client Bank Relationship: status and collection type (spec 4). */
export async function editRelationship(
  db: Db,
  user: CurrentUser,
  bankClientRelId: number,
  input: { status: 0 | 1; collectionType: CollectionType },
  ctx: AuditContext,
): Promise<BankClientRelationship> {
  return db.transaction(async (tx) => {
    const before = await findVisibleRelationship(tx, user, bankClientRelId);
    await q.updateRelationship(tx, bankClientRelId, {
      status: input.status,
      collectionType: input.collectionType,
    });
    const after = toRelationship((await q.selectRelationshipById(tx, bankClientRelId))!);
    await writeAudit(tx, ctx, {
      action: 'bankClientRelationship.updated',
      entity: 'bank_client_relationship',
      entityId: bankClientRelId,
      before: audited(before),
      after: audited(after),
    });
    return after;
  });
}

/**
 * For bank links: linking a relationship to a provider makes it that collection type, removing the
 * link returns it to uploads. Runs in the caller's transaction, audited like an edit.
 */
export async function setRelationshipCollectionType(
  tx: DbOrTx,
  bankClientRelId: number,
  collectionType: CollectionType,
  ctx: AuditContext,
): Promise<void> {
  const before = await q.selectRelationshipById(tx, bankClientRelId);
  if (!before) throw notFound(CLIENT_MSG.relationshipNotFound);
  if (before.collectionType === collectionType) return;
  await q.updateRelationship(tx, bankClientRelId, { collectionType });
  await writeAudit(tx, ctx, {
    action: 'bankClientRelationship.updated',
    entity: 'bank_client_relationship',
    entityId: bankClientRelId,
    before: audited(before),
    after: audited({ ...before, collectionType }),
  });
}

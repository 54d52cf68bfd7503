import { eq } from 'drizzle-orm';
import {
  NEGOTIATED_RATE_MSG,
  type NegotiatedRate,
  type NegotiatedRateInput,
} from '@tideline/contracts/negotiated-rates/negotiated-rates.schemas';
import type { Db, DbOrTx } from '../../db/open-database';
import { negotiatedRates } from '../../db/schema';
import { canAccessClient, whereClientVisible } from '../../platform/access/client-scope';
import type { CurrentUser } from '../../platform/access/route-access';
import { writeAudit, type AuditContext } from '../../platform/audit/write-audit';
import { badRequest, notFound } from '../../platform/http/app-error';
import { assertVisibleClient } from '../accounts/accounts.service';
import * as q from './negotiated-rates.queries';

const decimalOrNull = (v: string | null) => (v === null ? null : Number(v));

function toNegotiatedRate(row: q.RateRow): NegotiatedRate {
  const r = row.rate;
  return {
    negotiatedRateId: r.negotiatedRateId,
    clientId: r.clientId,
    clientName: row.clientName,
    bankId: r.bankId,
    bankName: row.bankName,
    state: r.state,
    amount: decimalOrNull(r.amount),
    term: decimalOrNull(r.term),
    rate: Number(r.rate),
    quoteTypeId: r.quoteTypeId,
    quoteType: row.quoteType,
    userId: r.userId,
    userName: r.userName,
    realized: r.realized === 1 ? 1 : 0,
    comments: r.comments,
    createdAt: r.createdAt.toISOString(),
  };
}

/** What the audit row keeps: the stored fields, not the joined names. */
function auditFieldsOf(r: q.NegotiatedRateRecord) {
  const { createdAt: _c, updatedAt: _u, negotiatedRateId: _id, ...fields } = r;
  return fields;
}

/** A rate outside the user's clients answers like a missing one, so ids cannot be probed. */
function assertVisibleRate(
  user: CurrentUser,
  row: q.NegotiatedRateRecord | null,
): asserts row is q.NegotiatedRateRecord {
  if (!row || !canAccessClient(user, row.clientId)) throw notFound(NEGOTIATED_RATE_MSG.notFound);
}

const fieldError = (field: string, msg: string) => badRequest(msg, { [`negotiatedRates.${field}`]: [msg] });

/** The form's values as stored; the client, bank and quote type checked against what the user may pick. */
async function valuesOf(
  tx: DbOrTx,
  user: CurrentUser,
  input: NegotiatedRateInput,
  current: q.NegotiatedRateRecord | null,
) {
  await assertVisibleClient(tx, user, input.clientId);
  const bankKept = current?.bankId === input.bankId;
  if (!bankKept && !(await q.isBankChoosable(tx, input.bankId, user.isClientScoped ? user.clientIds : null)))
    throw fieldError('bankId', NEGOTIATED_RATE_MSG.bankNotFound);
  const quoteTypeId = input.quoteTypeId ?? null;
  const quoteTypeKept = quoteTypeId === null || current?.quoteTypeId === quoteTypeId;
  if (!quoteTypeKept && !(await q.isQuoteTypeActive(tx, quoteTypeId)))
    throw fieldError('quoteTypeId', NEGOTIATED_RATE_MSG.quoteTypeInactive);
  return {
    clientId: input.clientId,
    bankId: input.bankId,
    state: input.state,
    amount: input.amount === undefined ? null : String(input.amount),
    term: input.term === undefined ? null : String(input.term),
    rate: String(input.rate),
    quoteTypeId,
    realized: input.realized,
    comments: input.comments || null,
  };
}

export function createNegotiatedRatesService(deps: { db: Db }) {
  const { db } = deps;

  async function describeRate(tx: DbOrTx, id: number): Promise<NegotiatedRate> {
    const [row] = await q.selectRates(tx, eq(negotiatedRates.negotiatedRateId, id));
    return toNegotiatedRate(row!);
  }

  return {
    /** GET /api/dashboard/negotiated-rates: every rate of the clients the user may see. */
    async listRates(user: CurrentUser): Promise<NegotiatedRate[]> {
      const rows = await q.selectRates(db, whereClientVisible(user, negotiatedRates.clientId));
      return rows.map(toNegotiatedRate);
    },

    /** GET /api/clients/negotiated-rates/{clientId}: one client's rates. */
    async listClientRates(user: CurrentUser, clientId: number): Promise<NegotiatedRate[]> {
      await assertVisibleClient(db, user, clientId);
      const rows = await q.selectRates(db, eq(negotiatedRates.clientId, clientId));
      return rows.map(toNegotiatedRate);
    },

    async findRate(user: CurrentUser, id: number): Promise<NegotiatedRate> {
      const [row] = await q.selectRates(db, eq(negotiatedRates.negotiatedRateId, id));
      assertVisibleRate(user, row?.rate ?? null);
      return toNegotiatedRate(row!);
    },

    /** Who captured it is always the caller (platform.md 5: read-only on the form). */
    async createRate(user: CurrentUser, input: NegotiatedRateInput, ctx: AuditContext) {
      return db.transaction(async (tx) => {
        const values = await valuesOf(tx, user, input, null);
        const userName = `${user.firstName} ${user.lastName}`.trim();
        const row = await q.insertRate(tx, { ...values, userId: user.userId, userName });
        await writeAudit(tx, ctx, {
          action: 'negotiated-rate.created',
          entity: 'negotiated_rate',
          entityId: row.negotiatedRateId,
          after: auditFieldsOf(row),
        });
        return describeRate(tx, row.negotiatedRateId);
      });
    },

    /** Who captured it stays the original user. */
    async editRate(user: CurrentUser, id: number, input: NegotiatedRateInput, ctx: AuditContext) {
      return db.transaction(async (tx) => {
        const current = await q.selectRateForUpdate(tx, id);
        assertVisibleRate(user, current);
        const row = await q.updateRate(tx, id, await valuesOf(tx, user, input, current));
        await writeAudit(tx, ctx, {
          action: 'negotiated-rate.updated',
          entity: 'negotiated_rate',
          entityId: id,
          before: auditFieldsOf(current),
          after: auditFieldsOf(row),
        });
        return describeRate(tx, id);
      });
    },

    async deleteRate(user: CurrentUser, id: number, ctx: AuditContext): Promise<void> {
      await db.transaction(async (tx) => {
        const current = await q.selectRateForUpdate(tx, id);
        assertVisibleRate(user, current);
        await q.deleteRate(tx, id);
        await writeAudit(tx, ctx, {
          action: 'negotiated-rate.deleted',
          entity: 'negotiated_rate',
          entityId: id,
          before: auditFieldsOf(current),
        });
      });
    },
  };
}

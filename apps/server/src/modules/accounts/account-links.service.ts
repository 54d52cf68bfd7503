import { ACCOUNT_LINK_MSG, type AccountLink } from '@tideline/contracts/accounts/account-links.schemas';
import type { Db, DbOrTx } from '../../db/open-database';
import { isUniqueViolation } from '../../db/pg-errors';
import { canAccessClient } from '../../platform/access/client-scope';
import type { CurrentUser } from '../../platform/access/route-access';
import { writeAudit, type AuditContext } from '../../platform/audit/write-audit';
import { badRequest, conflict, notFound } from '../../platform/http/app-error';
import * as lq from './account-links.queries';
import { selectAccountById, selectAccountForUpdate } from './accounts.queries';
import { assertVisibleAccount } from './accounts.service';

const today = () => new Date().toISOString().slice(0, 10);

/** The account to link to: another complete account of the same client (spec 3 "Account link"). */
async function assertLinkTarget(
  tx: DbOrTx,
  account: { accountId: number; clientId: number },
  targetId: number,
) {
  const fieldError = (msg: string) => badRequest(msg, { linkedToAccountId: [msg] });
  if (targetId === account.accountId) throw fieldError(ACCOUNT_LINK_MSG.notSelf);
  const target = await selectAccountById(tx, targetId);
  if (!target || target.clientId !== account.clientId || target.isStaging)
    throw fieldError(ACCOUNT_LINK_MSG.linkedAccountNotFound);
}

async function describeLink(db: DbOrTx, id: number): Promise<AccountLink> {
  const { clientId: _clientId, ...link } = (await lq.selectLinkById(db, id))!;
  return link;
}

// spec 3, 4 "Account link": at most one per account; Add only when none exists.
export function createAccountLinksService(deps: { db: Db }) {
  const { db } = deps;

  async function lockVisibleLink(tx: DbOrTx, user: CurrentUser, id: number) {
    const link = await lq.selectLinkForUpdate(tx, id);
    if (!link || !canAccessClient(user, link.clientId)) throw notFound(ACCOUNT_LINK_MSG.notFound);
    return link;
  }

  return {
    async listLinks(user: CurrentUser, accountId: number): Promise<AccountLink[]> {
      assertVisibleAccount(user, await selectAccountById(db, accountId));
      const rows = await lq.selectLinksOfAccount(db, accountId);
      return rows.map(({ clientId: _clientId, ...link }) => link);
    },

    async createLink(
      user: CurrentUser,
      input: { accountId: number; linkedToAccountId: number },
      ctx: AuditContext,
    ): Promise<AccountLink> {
      try {
        const id = await db.transaction(async (tx) => {
          const account = await selectAccountForUpdate(tx, input.accountId);
          assertVisibleAccount(user, account);
          if ((await lq.selectLinksOfAccount(tx, account.accountId)).length > 0)
            throw conflict(ACCOUNT_LINK_MSG.alreadyLinked);
          await assertLinkTarget(tx, account, input.linkedToAccountId);
          const row = await lq.insertLink(tx, {
            clientId: account.clientId,
            accountId: account.accountId,
            linkedToAccountId: input.linkedToAccountId,
            linkedDate: today(),
          });
          await writeAudit(tx, ctx, {
            action: 'account-link.created',
            entity: 'account_link',
            entityId: row.accountLinkId,
            after: {
              accountId: row.accountId,
              linkedToAccountId: row.linkedToAccountId,
              linkedDate: row.linkedDate,
            },
          });
          return row.accountLinkId;
        });
        return describeLink(db, id);
      } catch (error) {
        if (isUniqueViolation(error, 'account_links_account_key'))
          throw conflict(ACCOUNT_LINK_MSG.alreadyLinked);
        throw error;
      }
    },

    async editLink(user: CurrentUser, id: number, linkedToAccountId: number, ctx: AuditContext) {
      await db.transaction(async (tx) => {
        const before = await lockVisibleLink(tx, user, id);
        await assertLinkTarget(
          tx,
          { accountId: before.accountId, clientId: before.clientId },
          linkedToAccountId,
        );
        const after = await lq.updateLink(tx, id, { linkedToAccountId, linkedDate: today() });
        await writeAudit(tx, ctx, {
          action: 'account-link.updated',
          entity: 'account_link',
          entityId: id,
          before: { linkedToAccountId: before.linkedToAccountId, linkedDate: before.linkedDate },
          after: { linkedToAccountId: after.linkedToAccountId, linkedDate: after.linkedDate },
        });
      });
      return describeLink(db, id);
    },

    async deleteLink(user: CurrentUser, id: number, ctx: AuditContext): Promise<void> {
      await db.transaction(async (tx) => {
        const before = await lockVisibleLink(tx, user, id);
        await lq.deleteLink(tx, id);
        await writeAudit(tx, ctx, {
          action: 'account-link.deleted',
          entity: 'account_link',
          entityId: id,
          before: {
            accountId: before.accountId,
            linkedToAccountId: before.linkedToAccountId,
            linkedDate: before.linkedDate,
          },
        });
      });
    },
  };
}

export type AccountLinksService = ReturnType<typeof createAccountLinksService>;

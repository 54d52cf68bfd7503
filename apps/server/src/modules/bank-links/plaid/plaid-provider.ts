import { BANK_LINK_MSG, UNLINKED_COLLECTION_TYPE, type BankClientRelationship } from '@tideline/contracts';
import type { Db } from '../../../db/open-database';
import { AppError } from '../../../platform/http/app-error';
import { writeAudit, type AuditContext } from '../../../platform/audit/write-audit';
import { listBankAccountNumbers } from '../../accounts/accounts.service';
import { setRelationshipCollectionType } from '../../banks/bank-client-relationships.service';
import type { AccessTokenCipher } from '../access-token-cipher';
import type { BankLinkProvider } from '../bank-link-provider';
import * as q from '../bank-links.queries';
import { mapPlaidTransactions } from './map-plaid-transactions';
import type { PlaidApiClient } from './plaid-api';
import { PlaidRequestError, withPlaidMessage } from './plaid-request-error';

// Plaid behind the provider interface (issue 16 point 8): Link tokens, the public-token exchange, the
// item's removal and the transactions of a period, the access token sealed at rest.

export interface PlaidProviderDeps {
  db: Db;
  api: PlaidApiClient;
  cipher: AccessTokenCipher;
  /** Where a step that cannot fail the request is reported (never with a token). */
  log: { warn(details: object, message: string): void };
}

// Plaid's "end user" is whose accounts are linked: the client, never a person's data.
const clientUserIdOf = (relationship: BankClientRelationship) => `tideline-client-${relationship.clientId}`;

const audited = (row: q.BankLinkRow) => ({
  clientId: row.clientId,
  bankClientRelId: row.bankClientRelId,
  provider: row.provider,
  itemId: row.itemId,
});

// The item is gone at Plaid already (removed in its dashboard, or never readable): nothing left to end.
const GONE_AT_PLAID = new Set(['ITEM_NOT_FOUND', 'INVALID_ACCESS_TOKEN']);

export function createPlaidProvider(deps: PlaidProviderDeps): BankLinkProvider {
  const { db, api, cipher, log } = deps;

  async function readLink(relationship: BankClientRelationship) {
    const link = await q.selectBankLink(db, relationship.bankClientRelId);
    if (!link) return null;
    const accessToken = cipher.open(link.accessTokenCiphertext, relationship.bankClientRelId);
    return { link, accessToken };
  }

  async function readAccessToken(relationship: BankClientRelationship): Promise<string | null> {
    const stored = await readLink(relationship);
    if (stored && stored.accessToken === null) throw new AppError(422, BANK_LINK_MSG.tokenUnreadable);
    return stored?.accessToken ?? null;
  }

  async function removeItemQuietly(accessToken: string, details: object) {
    await api.removeItem(accessToken).catch((error: unknown) => {
      const reason = error instanceof PlaidRequestError ? error.message : 'unexpected failure';
      log.warn(
        { ...details, reason },
        'could not remove a replaced Plaid item; remove it in the Plaid dashboard',
      );
    });
  }

  return {
    name: 'Plaid',

    createLinkToken: (relationship) =>
      withPlaidMessage(BANK_LINK_MSG.linkTokenFailed, () =>
        api.createLinkToken({ clientUserId: clientUserIdOf(relationship) }),
      ),

    async createUpdateLinkToken(relationship) {
      const accessToken = await readAccessToken(relationship);
      // The Edit dialog can make a bank Plaid without a link; Update then starts the link it lacks.
      return withPlaidMessage(BANK_LINK_MSG.updateLinkTokenFailed, () =>
        api.createLinkToken({
          clientUserId: clientUserIdOf(relationship),
          ...(accessToken ? { accessToken } : {}),
        }),
      );
    },

    async exchangePublicToken(relationship, publicToken, ctx: AuditContext) {
      const { accessToken, itemId } = await withPlaidMessage(BANK_LINK_MSG.linkFailed, () =>
        api.exchangePublicToken(publicToken),
      );
      const { bankClientRelId } = relationship;
      const replaced = await db.transaction(async (tx) => {
        const before = await q.selectBankLinkForUpdate(tx, bankClientRelId);
        const row = await q.upsertBankLink(tx, {
          clientId: relationship.clientId,
          bankClientRelId,
          provider: 'Plaid',
          itemId,
          accessTokenCiphertext: cipher.seal(accessToken, bankClientRelId),
          createdBy: ctx.userId,
        });
        await setRelationshipCollectionType(tx, bankClientRelId, 'Plaid', ctx);
        await writeAudit(tx, ctx, {
          action: before ? 'bankLink.replaced' : 'bankLink.created',
          entity: 'bank_link',
          entityId: row.bankLinkId,
          before: before ? audited(before) : null,
          after: audited(row),
        });
        return before;
      });
      // Linking another login replaces the item: the old one is ended so it holds no consent.
      const oldToken = replaced && cipher.open(replaced.accessTokenCiphertext, bankClientRelId);
      if (replaced && oldToken && replaced.itemId !== itemId)
        await removeItemQuietly(oldToken, { bankClientRelId, itemId: replaced.itemId });
    },

    async removeLink(relationship, ctx) {
      const stored = await readLink(relationship);
      // A token the key no longer opens cannot be used at Plaid: forgetting it is all that is left.
      if (stored?.accessToken) {
        await withPlaidMessage(BANK_LINK_MSG.removeFailed, () =>
          api.removeItem(stored.accessToken!).catch((error: unknown) => {
            if (!(error instanceof PlaidRequestError && error.code && GONE_AT_PLAID.has(error.code)))
              throw error;
          }),
        );
      }
      await db.transaction(async (tx) => {
        const removed = await q.deleteBankLink(tx, relationship.bankClientRelId);
        await setRelationshipCollectionType(tx, relationship.bankClientRelId, UNLINKED_COLLECTION_TYPE, ctx);
        if (removed)
          await writeAudit(tx, ctx, {
            action: 'bankLink.removed',
            entity: 'bank_link',
            entityId: removed.bankLinkId,
            before: audited(removed),
          });
      });
    },

    async fetchTransactions(relationship, period) {
      const accessToken = await readAccessToken(relationship);
      if (!accessToken) throw new AppError(422, BANK_LINK_MSG.noLink);
      const item = await withPlaidMessage(BANK_LINK_MSG.pullFailed, () => api.syncTransactions(accessToken));
      if (!item.isReady) throw new AppError(422, BANK_LINK_MSG.notReady);
      const accounts = await listBankAccountNumbers(db, relationship.clientId, relationship.bankId);
      return withPlaidMessage(BANK_LINK_MSG.pullFailed, async () =>
        mapPlaidTransactions(item, accounts, period),
      );
    },
  };
}

import { z } from 'zod';
import { MSG } from '../common/messages';

// clients-accounts-investments-reports.md 8 "Account links", plus our texts.
export const ACCOUNT_LINK_MSG = {
  createFailed: 'Failed to create account link.',
  editFailed: 'Failed to edit account link.',
  deleteFailed: 'Failed to delete account link.',
  notFound: 'Account link not found.',
  alreadyLinked: 'This account already has a link. Edit the existing link instead.',
  notSelf: 'An account cannot be linked to itself.',
  linkedAccountNotFound: 'The linked account is not an account of this client.',
  created: 'Account link created successfully.',
  updated: 'Account link updated successfully.',
  deleted: 'Account link deleted successfully.',
} as const;

const LinkedToAccountIdSchema = z.preprocess(
  (v) => (v === '' || v === null ? undefined : typeof v === 'string' ? Number(v) : v),
  z.number({ error: MSG.required }).int(MSG.required).positive(MSG.required),
);

/** POST /link: {account:{accountId, linkedToAccountId}} (spec 5: linkedToAccountId 'Required!'). */
export const NewAccountLinkBodySchema = z.object({
  account: z.object({
    accountId: z.number({ error: MSG.required }).int().positive(MSG.required),
    linkedToAccountId: LinkedToAccountIdSchema,
  }),
});

/** PUT /link/{id}: {account:{linkedToAccountId}}. */
export const AccountLinkEditBodySchema = z.object({
  account: z.object({ linkedToAccountId: LinkedToAccountIdSchema }),
});

/** Spec 3 "Account link": GET /link/{accountId} answers a list of at most one (editing uses the first). */
export const AccountLinkSchema = z.object({
  id: z.number().int(),
  accountId: z.number().int(),
  linkedToId: z.number().int(),
  linkedToAccountName: z.string(),
  linkedDate: z.string(),
});
export type AccountLink = z.infer<typeof AccountLinkSchema>;

export const AccountLinkResultSchema = z.object({ msg: z.string(), link: AccountLinkSchema });

export const LinkIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

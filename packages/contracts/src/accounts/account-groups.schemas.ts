import { z } from 'zod';
import { MSG } from '../common/messages';

/** Spec 3, 9: every client has this group; every account belongs to it. */
export const ALL_ACCOUNTS_GROUP_NAME = 'All Accounts';

// clients-accounts-investments-reports.md 6 and 8 "Clients/groups", "Accounts", plus our texts.
export const ACCOUNT_GROUP_MSG = {
  deleteFailed: 'Failed to delete group(s)',
  createFailed: 'Failed to create group.',
  updateFailed: 'Failed to update group.',
  notFound: 'Account group does not exist.',
  /** Spec 8: the fallback when removing accounts from a group fails (the spec's own wording). */
  removeAccountsFailed: 'Failed to delete note(s)',
  addAccountsFailed: 'Failed to  add accounts.',
  allAccountsLocked: 'You can\'t edit the name or delete "All Accounts" group.',
  allAccountsEditTooltip: 'You can\'t edit the name for "All Accounts" group.',
  allAccountsMembership: 'Every account belongs to the "All Accounts" group.',
  nameTaken: 'An account group with this name already exists for the client.',
  created: 'Group created successfully.',
  updated: 'Group updated successfully.',
  deleted: 'Group(s) deleted successfully.',
  accountsAdded: 'Accounts added successfully.',
  accountsRemoved: 'Accounts removed successfully.',
  associationsUpdated: 'Groups updated successfully.',
} as const;

const GroupNameSchema = z
  .string({ error: MSG.required })
  .trim()
  .min(1, MSG.required)
  .max(120, 'At most 120 characters.');

/** POST /groups/ (Add Group, Create Group): {account:{clientId, addAccountGroupName}}. */
export const NewAccountGroupBodySchema = z.object({
  account: z.object({
    clientId: z.number({ error: MSG.required }).int().positive(MSG.required),
    addAccountGroupName: GroupNameSchema,
  }),
});

/** PUT /groups/{groupId}: {account:{accountGroupName}} (spec 5 'Required!'). */
export const AccountGroupNameBodySchema = z.object({
  account: z.object({ accountGroupName: GroupNameSchema }),
});

/** Spec 3 "Account group" as the Account Groups table shows it (GET /groups/all/{clientId}). */
export const AccountGroupSchema = z.object({
  groupID: z.number().int(),
  groupName: z.string(),
  numberOfAccounts: z.number().int(),
  updatedAt: z.string(),
  /** 'YES' when the group's history meets short-term validation (analytics.md "Short-term model"). */
  validationStatus: z.enum(['YES', 'NO']),
  /** The latest first-transaction date among its accounts (YYYY-MM-DD), null without transactions. */
  minDate: z.string().nullable(),
  isAllAccounts: z.boolean(),
});
export type AccountGroup = z.infer<typeof AccountGroupSchema>;

export const AccountGroupResultSchema = z.object({ msg: z.string(), group: AccountGroupSchema });

/** Label and value, for selects and chips (spec 3 "Account group association"). */
export const GroupOptionSchema = z.object({
  label: z.string(),
  value: z.number().int(),
  isAllAccounts: z.boolean(),
});
export type GroupOption = z.infer<typeof GroupOptionSchema>;

/** GET /groups/association/{accountId}: the account's groups, with the membership reference. */
export const AccountGroupAssociationSchema = GroupOptionSchema.extend({
  accountXrefId: z.number().int(),
});
export type AccountGroupAssociation = z.infer<typeof AccountGroupAssociationSchema>;

/** PUT /groups/association/{accountId}: the groups the account belongs to ('All Accounts' is kept). */
export const AccountGroupAssociationBodySchema = z.object({
  account: z.object({ groupIds: z.array(z.number().int().positive()).max(500) }),
});

/** One account of a group (GET /groups/{groupId}). */
export const GroupAccountSchema = z.object({
  accountXrefId: z.number().int(),
  accountId: z.number().int(),
  accountName: z.string(),
  accountNumber: z.string(),
  accountType: z.string().nullable(),
  accountCategory: z.string().nullable(),
  bankName: z.string().nullable(),
  lastTransactionDate: z.string().nullable(),
});
export type GroupAccount = z.infer<typeof GroupAccountSchema>;

export const AccountGroupDetailSchema = AccountGroupSchema.extend({
  clientId: z.number().int(),
  accounts: z.array(GroupAccountSchema),
});
export type AccountGroupDetail = z.infer<typeof AccountGroupDetailSchema>;

export const GroupIdParamsSchema = z.object({ groupId: z.coerce.number().int().positive() });

/** DELETE /groups: {account:{groupIds}}. */
export const GroupIdsBodySchema = z.object({
  account: z.object({ groupIds: z.array(z.number().int().positive()).min(1, MSG.required).max(500) }),
});

/** POST /groups/{groupId}: {account:{accountIdList}} (Add Accounts). */
export const AddGroupAccountsBodySchema = z.object({
  account: z.object({
    accountIdList: z.array(z.number().int().positive()).min(1, MSG.required).max(1000),
  }),
});

/** DELETE /groups/association: {account:{accountGroupXrefs}} (remove accounts from groups). */
export const RemoveGroupAccountsBodySchema = z.object({
  account: z.object({
    accountGroupXrefs: z.array(z.number().int().positive()).min(1, MSG.required).max(1000),
  }),
});

export const CountResultSchema = z.object({ msg: z.string(), count: z.number().int() });

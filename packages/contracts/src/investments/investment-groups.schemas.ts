import { z } from 'zod';
import { MSG } from '../common/messages';
import { InvestmentSchema } from './investments.schemas';

// clients-accounts-investments-reports.md 2 "Investment Groups table", "Investment group page", 3
// "Investment group", 4 (same-name warning, irreversible delete), 5 "Investment group", 8.
export const INVESTMENT_GROUP_MSG = {
  notFound: 'Investment group does not exist.',
  createFailed: 'Failed to create group.',
  updateFailed: 'Failed to update group.',
  /** Spec 8: the group edit reuses the client edit fallback. */
  editFailed: 'Failed to edit client.',
  deleteFailed: 'Failed to delete investment groups',
  addInvestmentsFailed: 'Failed to  add investments.',
  removeInvestmentsFailed: 'Failed to delete investments.',
  created: 'Investment group created successfully.',
  updated: 'Investment group updated successfully.',
  deleted: 'Investment group(s) deleted successfully.',
  investmentsAdded: 'Investments added successfully.',
  investmentsRemoved: 'Investments removed from the group successfully.',
} as const;

const GroupNameSchema = z
  .string({ error: MSG.required })
  .trim()
  .min(1, MSG.required)
  .max(120, 'At most 120 characters.');

/**
 * Spec 3 "Investment group" (GET /groups, /groups/single/{id}). Groups are firm-wide; for a client-scoped
 * user countInvestments and settlementAmountSum count only the investments of their clients.
 */
export const InvestmentGroupSchema = z.object({
  groupId: z.number().int(),
  groupName: z.string(),
  countInvestments: z.number().int(),
  settlementAmountSum: z.number(),
  updatedAt: z.string(),
});
export type InvestmentGroup = z.infer<typeof InvestmentGroupSchema>;

/** GET /groups/{id}: the group and its (visible) investments. */
export const InvestmentGroupDetailSchema = InvestmentGroupSchema.extend({
  investments: z.array(InvestmentSchema),
});
export type InvestmentGroupDetail = z.infer<typeof InvestmentGroupDetailSchema>;

/** GET /groups/list: choices. */
export const InvestmentGroupOptionSchema = z.object({ label: z.string(), value: z.number().int() });
export type InvestmentGroupOption = z.infer<typeof InvestmentGroupOptionSchema>;

/** POST /groups: {investment:{groupName}}. Same names are allowed after the web's warning (spec 4). */
export const NewInvestmentGroupBodySchema = z.object({
  investment: z.object({ groupName: GroupNameSchema }),
});

/** PUT /groups/update/{id}: {investment:{groupName, groupId}} (groupId optional; the path decides). */
export const InvestmentGroupUpdateBodySchema = z.object({
  investment: z.object({
    groupName: GroupNameSchema,
    groupId: z.number().int().positive().optional(),
  }),
});

export const InvestmentGroupResultSchema = z.object({ msg: z.string(), group: InvestmentGroupSchema });

export const InvestmentGroupIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** DELETE /groups/: {groupIds}. Deleting a group keeps its investments. */
export const InvestmentGroupIdsBodySchema = z.object({
  groupIds: z.array(z.number().int().positive()).min(1, MSG.required).max(500),
});

/** POST /group-association/{groupId}: {investment:{investmentIdList}}; members already in it are kept once. */
export const AddGroupInvestmentsBodySchema = z.object({
  investment: z.object({
    investmentIdList: z.array(z.number().int().positive()).min(1, MSG.required).max(1000),
  }),
});

/** DELETE /group-association: {investment:{groupId, investmentIdList}} (Remove Investment in a group). */
export const RemoveGroupInvestmentsBodySchema = z.object({
  investment: z.object({
    groupId: z.number().int().positive(),
    investmentIdList: z.array(z.number().int().positive()).min(1, MSG.required).max(1000),
  }),
});

/** Answer of add/remove: how many memberships were actually added or removed. */
export const GroupInvestmentsCountSchema = z.object({ msg: z.string(), count: z.number().int() });

/** GET /groups/name-exists?name=&exceptId= (ours): feeds the same-name warning, case-insensitive. */
export const InvestmentGroupNameExistsQuerySchema = z.object({
  name: z.string().trim().min(1, MSG.required).max(200),
  exceptId: z.coerce.number().int().positive().optional(),
});

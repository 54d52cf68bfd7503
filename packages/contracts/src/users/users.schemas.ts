import { z } from 'zod';
import { ActiveStatusSchema } from '../common/active-status.schemas';
import { MSG } from '../common/messages';

// The app user lives in its own file: the sign-in path needs it, not the user-management schemas.
import { LoggedUserSchema } from './logged-user.schemas';
export { LoggedUserSchema, type LoggedUser } from './logged-user.schemas';

// platform.md 8 "Users" plus our success texts (the spec shows the server's msg on success).
export const USER_MSG = {
  createFailed: 'Failed to create user.',
  editFailed: 'Failed to edit user.',
  sendCodeFailed: 'Failed to send code.',
  clientAssociationFailed: 'Failed to get client associations for the user.',
  mfaResetSuccessful: 'MFA reset request successful.',
  mfaResetFailed: 'MFA reset request failed.',
  resetMfaFailed: 'Failed to reset mfa.',
  created: 'User created successfully. An invitation has been sent.',
  updated: 'User updated successfully.',
  profileUpdated: 'Details updated successfully.',
  inviteSent: 'Invitation sent.',
  notFound: 'User not found.',
  emailTaken: 'A user with this email already exists.',
  invalidPhone: 'Must be valid phone number.',
  roleNotFound: 'Role not found.',
  clientNotFound: 'Client not found.',
  clientsOnlyForScopedRoles: 'Only client-scoped roles are associated with clients.',
  ownProfileOnly: 'You can only change your own details.',
  userInactive: 'This user is inactive. Activate the user first.',
  // Ours (security issue 14): who may grant what. Nobody hands out a permission they do not hold.
  cannotGrantRole: 'You cannot give a role with permissions you do not hold.',
  scopedRoleOnly: 'You can only give client-scoped roles.',
  cannotManageUser: 'You cannot change a user who holds permissions you do not hold.',
  roleChangeNotAllowed: "You do not have permission to change a user's role.",
  associationNotAllowed: 'You do not have permission to change client associations.',
  ownClientRequired: 'Assign at least one of your clients to this user.',
  // Issue 20 point 9: a Client Viewer without clients would see nothing at all.
  clientRequired: 'This role sees only the clients it is associated with: choose at least one client.',
  currentPasswordRequired: 'Enter your current password to change your email.',
} as const;

/** platform.md 5 "Text inputs": default max length 120. */
export const TEXT_MAX = 120;

const requiredText = z.string().trim().min(1, MSG.required).max(TEXT_MAX, `At most ${TEXT_MAX} characters.`);
const UserEmailSchema = z
  .string()
  .trim()
  .min(1, MSG.required)
  .max(254, MSG.mustBeValidEmail)
  .pipe(z.email(MSG.mustBeValidEmail));
// Ours (the spec names no phone rule): digits with optional +, spaces, dots, dashes and brackets.
const PhoneSchema = z
  .string()
  .trim()
  .max(32, USER_MSG.invalidPhone)
  .refine((v) => v === '' || (/^\+?[\d\s().-]+$/.test(v) && v.replace(/\D/g, '').length >= 7), {
    message: USER_MSG.invalidPhone,
  });

export { ActiveStatusSchema, type ActiveStatus } from '../common/active-status.schemas';

/** The Add/Edit User form (platform.md 2.6, 3, 5); clientAssociation holds client ids on write. */
export const UserInputSchema = z.object({
  firstName: requiredText,
  lastName: requiredText,
  email: UserEmailSchema,
  phoneNumber: PhoneSchema.optional().default(''),
  roleId: z.number({ error: MSG.required }).int(MSG.required).positive(MSG.required),
  // New users default to active; only DEACTIVATE_USERS may send 0 (checked on the server).
  status: ActiveStatusSchema.optional(),
  clientAssociation: z.array(z.number().int().positive()).max(10_000).default([]),
});
export type UserInput = z.input<typeof UserInputSchema>;
export type UserInputParsed = z.output<typeof UserInputSchema>;

/** platform.md 7: POST /add and PUT /{id} carry {user}. */
export const UserBodySchema = z.object({ user: UserInputSchema });

export const ClientAssociationSchema = z.object({ clientId: z.number().int(), clientName: z.string() });
export type ClientAssociation = z.infer<typeof ClientAssociationSchema>;

/** platform.md 3 "User"; on read clientAssociation names the clients. */
export const UserSchema = z.object({
  userId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phoneNumber: z.string().nullable(),
  roleId: z.number().int(),
  roleName: z.string(),
  isClientScoped: z.boolean(),
  status: ActiveStatusSchema,
  permList: z.array(z.string()),
  clientAssociation: z.array(ClientAssociationSchema),
  // Ours: whether the invitation was taken up (a password is set) and MFA is enrolled.
  hasPassword: z.boolean(),
  mfaEnrolled: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof UserSchema>;

/** GET /api/users/list: who can be picked elsewhere (note tags, owners). */
export const UserOptionSchema = z.object({
  userId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
});
export type UserOption = z.infer<typeof UserOptionSchema>;

/** GET /api/users/roles: what the user form offers. */
export const RoleOptionSchema = z.object({
  roleId: z.number().int(),
  roleName: z.string(),
  isClientScoped: z.boolean(),
});
export type RoleOption = z.infer<typeof RoleOptionSchema>;

/** My Account details (platform.md 2.7, 5): PUT /profile/{id} sends the fields plus oldEmail and id. */
export const ProfileInputSchema = z.object({
  firstName: requiredText,
  lastName: requiredText,
  email: UserEmailSchema,
});
export type ProfileInput = z.infer<typeof ProfileInputSchema>;

/** Whether `next` names another mailbox than `saved` (emails compare regardless of case). */
export function isEmailChange(saved: string, next: string): boolean {
  return saved.trim().toLowerCase() !== next.trim().toLowerCase();
}

// Ours (security issue 14): a new email needs the current password, so a session left open is not
// enough to take the account over through a password reset sent to another mailbox.
const CurrentPasswordSchema = z.string().max(256).optional();

/** The Details form of My Account: the current password is asked for only when the email changes. */
export function profileFormSchema(savedEmail: string) {
  return ProfileInputSchema.extend({ currentPassword: CurrentPasswordSchema }).superRefine((v, ctx) => {
    if (isEmailChange(savedEmail, v.email) && !v.currentPassword)
      ctx.addIssue({ code: 'custom', path: ['currentPassword'], message: USER_MSG.currentPasswordRequired });
  });
}
export type ProfileForm = z.infer<ReturnType<typeof profileFormSchema>>;

export const ProfileBodySchema = z.object({
  user: ProfileInputSchema.extend({
    oldEmail: z.string(),
    id: z.number().int(),
    currentPassword: CurrentPasswordSchema,
  }),
});
export type ProfileBody = z.infer<typeof ProfileBodySchema>;

export const UserIdParamsSchema = z.object({ id: z.coerce.number().int().positive() });
export const UserIdParamSchema = z.object({ userId: z.coerce.number().int().positive() });
export const EmailParamsSchema = z.object({ email: z.string().min(1).max(254) });

/** POST /add and PUT /{id} answer the message and the user as saved. */
export const UserResultSchema = z.object({ msg: z.string(), user: UserSchema });
export type UserResult = z.infer<typeof UserResultSchema>;

/** PUT /profile/{id} answers the message and the updated signed-in user. */
export const ProfileResultSchema = LoggedUserSchema.extend({ msg: z.string() });
export type ProfileResult = z.infer<typeof ProfileResultSchema>;

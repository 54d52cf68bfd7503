import { z } from 'zod';
import { MSG } from '../common/messages';
import { NewPasswordSchema } from './password-policy';

// architecture.md "Identity": the endpoint table, one schema per body and answer.
export const EmailSchema = z.string().trim().min(1, MSG.required).pipe(z.email(MSG.invalidEmail));

export const SignInSchema = z.object({
  email: EmailSchema,
  password: z.string().min(1, MSG.required),
});
export type SignIn = z.infer<typeof SignInSchema>;

export const MfaChallengeSchema = z.enum(['MFA_SETUP', 'SOFTWARE_TOKEN_MFA']);
export type MfaChallenge = z.infer<typeof MfaChallengeSchema>;

export const SignInResultSchema = z.object({ challenge: MfaChallengeSchema, session: z.string() });
export type SignInResult = z.infer<typeof SignInResultSchema>;

export const MfaSessionSchema = z.object({ session: z.string().min(1, MSG.required) });

export const MfaSetupResultSchema = z.object({
  secretCode: z.string(),
  otpauthUri: z.string(),
  qrCodeDataUrl: z.string(),
});
export type MfaSetupResult = z.infer<typeof MfaSetupResultSchema>;

export const MfaCodeSchema = z
  .string()
  .trim()
  .min(1, MSG.required)
  .regex(/^\d{6}$/, 'Enter the 6-digit code from your authenticator app.');

export const MfaVerifySchema = z.object({ session: z.string().min(1, MSG.required), code: MfaCodeSchema });
export type MfaVerify = z.infer<typeof MfaVerifySchema>;

export const TokenResultSchema = z.object({ accessToken: z.string(), expiresIn: z.number().int() });
export type TokenResult = z.infer<typeof TokenResultSchema>;

export const ForgotPasswordSchema = z.object({ email: EmailSchema });
export type ForgotPassword = z.infer<typeof ForgotPasswordSchema>;

export const ConfirmPasswordSchema = z.object({
  username: z.string().min(1, MSG.required),
  code: z.string().min(1, MSG.required),
  newPassword: NewPasswordSchema,
});
export type ConfirmPassword = z.infer<typeof ConfirmPasswordSchema>;

export const ChangePasswordSchema = z.object({
  currentPassword: z.string().min(1, MSG.required),
  newPassword: NewPasswordSchema,
});
export type ChangePassword = z.infer<typeof ChangePasswordSchema>;

// The forms add the confirmation fields that never leave the browser (platform.md 2.4, 2.7, 5).
export const SetNewPasswordFormSchema = z
  .object({ newPassword: NewPasswordSchema, confirmPassword: z.string().min(1, MSG.required) })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: MSG.passwordsMustMatch,
  });
export type SetNewPasswordForm = z.infer<typeof SetNewPasswordFormSchema>;

export const ChangePasswordFormSchema = z
  .object({
    currentPassword: z.string().min(1, MSG.required),
    newPassword: z.string().min(1, MSG.required).pipe(NewPasswordSchema),
    verifyPassword: z.string().min(1, MSG.required),
  })
  .refine((v) => v.newPassword === v.verifyPassword, {
    path: ['verifyPassword'],
    message: MSG.passwordsMustMatch,
  })
  .refine((v) => v.newPassword !== v.currentPassword, {
    path: ['newPassword'],
    message: MSG.newPasswordSameAsCurrent,
  });
export type ChangePasswordForm = z.infer<typeof ChangePasswordFormSchema>;

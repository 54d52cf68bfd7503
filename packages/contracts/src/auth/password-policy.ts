import { z } from 'zod';
import { MSG } from '../common/messages';

export const PASSWORD_MIN_LENGTH = 12;

/** architecture.md "Identity": at least 12 characters with lower, upper, digit and symbol. */
export function meetsPasswordPolicy(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN_LENGTH &&
    /[a-z]/.test(password) &&
    /[A-Z]/.test(password) &&
    /[0-9]/.test(password) &&
    /[^A-Za-z0-9]/.test(password)
  );
}

export const NewPasswordSchema = z
  .string()
  .min(1, MSG.required)
  .min(PASSWORD_MIN_LENGTH, MSG.passwordTooShort)
  .max(256, MSG.passwordRequirements)
  .refine(meetsPasswordPolicy, MSG.passwordRequirements);

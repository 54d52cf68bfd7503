import { USER_MSG } from '@tideline/contracts';
import { isUniqueViolation } from '../../db/pg-errors';
import { conflict } from '../../platform/http/app-error';
import type { Mailer } from '../../platform/mail/mailer';
import { composeEmailAddedMail, composeEmailChangedMail } from '../../platform/mail/mail-templates';

// What saving a user and saving one's own details share.

export const emailTaken = (msg: string) => conflict(msg, { email: [USER_MSG.emailTaken] });

/** The email is unique regardless of case; a racing twin hits the index behind the check and gets the same answer. */
export async function saveUnique<T>(failedMsg: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_lower_key')) throw emailTaken(failedMsg);
    throw error;
  }
}

/**
 * Security issue 14 point 8: the old address is told its account moved (so a takeover is noticed by
 * the person it happens to), and the new one that it now signs in. Called inside the change's
 * transaction: a change nobody could be told about is not made.
 */
export async function mailEmailChange(
  deps: { mailer: Mailer; publicUrl: string },
  user: { email: string; firstName: string },
  newEmail: string,
): Promise<void> {
  const signInUrl = `${deps.publicUrl}/`;
  await deps.mailer.send(composeEmailChangedMail(user.email, user.firstName, newEmail, signInUrl));
  await deps.mailer.send(composeEmailAddedMail(newEmail, user.firstName, signInUrl));
}

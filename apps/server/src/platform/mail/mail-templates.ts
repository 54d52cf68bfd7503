import type { MailMessage } from './mailer';

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function compose(to: string, subject: string, lines: string[], link: string, action: string): MailMessage {
  const text = [...lines, '', `${action}: ${link}`, '', 'Tideline'].join('\n');
  const html = [
    ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
    `<p><a href="${escapeHtml(link)}">${escapeHtml(action)}</a></p>`,
    `<p style="color:#666">If the button does not work, copy this address into your browser: ${escapeHtml(link)}</p>`,
  ].join('\n');
  return { to, subject, text, html };
}

export function composeInvitationMail(
  to: string,
  firstName: string,
  link: string,
  hours: number,
): MailMessage {
  return compose(
    to,
    'Your Tideline account',
    [
      `Hello ${firstName},`,
      `An account has been created for you on Tideline. The link below is valid for ${hours} hours and can be used once.`,
    ],
    link,
    'Set your password',
  );
}

export function composeResetMail(to: string, firstName: string, link: string, minutes: number): MailMessage {
  return compose(
    to,
    'Reset your Tideline password',
    [
      `Hello ${firstName},`,
      `Someone asked to reset the password of this account. The link below is valid for ${minutes} minutes and can be used once. If it was not you, ignore this mail.`,
    ],
    link,
    'Choose a new password',
  );
}

/** Tells the user their password changed (My Account or a reset link), so a surprise is noticed. */
export function composePasswordChangedMail(
  to: string,
  firstName: string,
  signInUrl: string,
  how: 'changed' | 'reset',
): MailMessage {
  const way = how === 'reset' ? 'with a password reset link' : 'from My Account';
  return compose(
    to,
    'Your Tideline password was changed',
    [
      `Hello ${firstName},`,
      `The password of your Tideline account was just changed ${way}, and your other sessions have ended.`,
      'If you did not do this, use Forgot Password on the sign-in page now and tell your administrator.',
    ],
    signInUrl,
    'Sign in',
  );
}

/** Tells the user their authenticator was reset by someone else, so a surprise is noticed. */
export function composeMfaResetMail(to: string, firstName: string, signInUrl: string): MailMessage {
  return compose(
    to,
    'Your Tideline authenticator was reset',
    [
      `Hello ${firstName},`,
      'An administrator reset the multi-factor authentication of your account, and your sessions have ended. At your next sign-in you will set up your authenticator app again.',
      'If you did not expect this, tell your administrator.',
    ],
    signInUrl,
    'Sign in',
  );
}

/** Tells the previous address that the account's email changed, so a takeover does not go unnoticed. */
export function composeEmailChangedMail(
  to: string,
  firstName: string,
  newEmail: string,
  signInUrl: string,
): MailMessage {
  return compose(
    to,
    'Your Tideline email address was changed',
    [
      `Hello ${firstName},`,
      `The email address of your Tideline account was changed to ${newEmail}. Sign in with that address from now on.`,
      'If you did not make this change, tell your administrator at once.',
    ],
    signInUrl,
    'Sign in',
  );
}

/** Tells the new address that it now signs in to the account. */
export function composeEmailAddedMail(to: string, firstName: string, signInUrl: string): MailMessage {
  return compose(
    to,
    'Your Tideline sign-in email',
    [
      `Hello ${firstName},`,
      'This address is now the sign-in email of your Tideline account.',
      'If you did not expect this, tell your administrator.',
    ],
    signInUrl,
    'Sign in',
  );
}

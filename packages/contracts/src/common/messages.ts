// Texts fixed by the spec (platform.md 5 and 8). Written once here, used by the server and the web.
export const MSG = {
  required: 'Required!',
  invalidEmail: 'Invalid Email',
  mustBeValidEmail: 'Must be valid email.',
  passwordTooShort: 'Must be 12 characters or more.',
  passwordsMustMatch: 'Passwords must match!',
  newPasswordSameAsCurrent: 'New password cannot match current password.',
  passwordRequirements: 'Password must meet requirements.',
  invalidPassword: 'Invalid Password.',
  passwordUpdateFailed: 'Password update failed.',
  passwordUpdated: 'Password updated successfully!',
  invalidCredentials: 'Invalid username or password.',
  invalidMfaToken: 'Invalid MFA token.',
  logoutFail: 'Logout Fail!',
  fieldMustBeNumber: 'Field must be a number.',
  fieldMustBeMonetary: 'Field must be monetary value.',
  // Ours: a date the browser cannot read, e.g. '13/45/2026' (issue 20 point 7).
  invalidDate: 'Not a real date.',
  noResultsTitle: 'No Results.',
  noResultsText: 'There are no results to be displayed.',
  noResultsFound: 'No Results Found...',
  notFoundPage: 'Page not found. The link you clicked may be broken or the page may have been removed.',
  forbidden: 'You do not have permission to perform this action.',
  // Ours (the spec delegates these to its identity provider; we say them plainly).
  unauthenticated: 'Your session has expired. Please sign in again.',
  // Ours (issue 40): a request that met a database which did not answer (HTTP 503); nothing was saved.
  databaseUnavailable: 'The database is not answering. Nothing was saved: please try again in a moment.',
  databaseBusy: 'The database was busy with the same rows. Nothing was saved: please try again.',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  linkInvalid: 'This link is invalid, expired or has already been used. Ask for a new one.',
  mfaSessionExpired: 'Your sign-in took too long. Please sign in again.',
  passwordSet: 'Your password has been set. You can now sign in.',
  forgotPasswordSent: 'If an account exists for that email, a reset link has been sent.',
  passwordTooCommon: 'This password is too common. Choose a less guessable one.',
} as const;

export const PASSWORD_HINT =
  'At least 12 characters with a lower-case letter, an upper-case letter, a number and a symbol.';

// Ours (issue 43 gives no wording): the toasts of the queue's actions, and the fallbacks when the server
// sends no msg of its own.
export const EXCEPTION_TEXTS = {
  assign: { success: 'Owner saved.', failure: 'Failed to change the owner.' },
  dueDate: { success: 'Due date saved.', failure: 'Failed to change the due date.' },
  snooze: { success: 'Exception snoozed.', failure: 'Failed to snooze the exception.' },
  resolve: { success: 'Exception resolved.', failure: 'Failed to resolve the exception.' },
  reopen: { success: 'Exception reopened.', failure: 'Failed to reopen the exception.' },
  detectFailed: 'Failed to look for exceptions.',
  detectDone: 'Exceptions checked: the list is up to date.',
  empty: 'No exceptions.',
} as const;

type Snapshot = Record<string, unknown> | null;

const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : null);

/** One audit row of an exception as its history reads it (issue 43 point 2: "every change is audited"). */
export function describeExceptionEvent(action: string, before: Snapshot, after: Snapshot): string {
  switch (action) {
    case 'exception.found':
      return `Found: ${text(after?.summary) ?? 'by the nightly detection'}`;
    case 'exception.reopened':
      return before?.status === 'Resolved' && text(after?.summary)
        ? `Found again: ${String(after?.summary)}`
        : 'Reopened.';
    case 'exception.snooze_ended':
      return 'The snooze ended: open again.';
    case 'exception.severity_changed':
      return `Severity ${String(before?.severity)} → ${String(after?.severity)}: ${text(after?.summary) ?? ''}`.trim();
    case 'exception.resolved_itself':
      return text(after?.resolutionNote) ?? 'Resolved itself.';
    case 'exception.assigned':
      return after?.assigneeId == null
        ? 'Unassigned.'
        : `Assigned to ${text(after.assigneeName) ?? 'a user'}.`;
    case 'exception.due_date_set':
      return after?.dueDate == null ? 'Due date cleared.' : `Due on ${String(after.dueDate)}.`;
    case 'exception.snoozed':
      return `Snoozed until ${String(after?.snoozedUntil)}: ${text(after?.snoozeReason) ?? ''}`.trim();
    case 'exception.resolved':
      return `Resolved: ${text(after?.resolutionNote) ?? ''}`.trim();
    default:
      return action;
  }
}

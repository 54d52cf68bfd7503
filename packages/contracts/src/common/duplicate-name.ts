// platform.md 5 "Duplicate-name warning" (clients, banks, investment groups): case-insensitive, and on
// edit only when the name changed. The server allows the duplicate; the user decides with CONTINUE.
export function duplicateNameWarning(kind: 'Client' | 'Bank' | 'Investment Group', name: string): string {
  return `A ${kind} with the name ${name} already exists, are you sure you want to continue?`;
}

/** Whether the warning applies: another item has the name, ignoring case, and the name changed. */
export function isDuplicateName(
  name: string,
  others: readonly { id: number; name: string }[],
  editingId?: number,
  currentName?: string,
): boolean {
  const wanted = name.trim().toLowerCase();
  if (currentName !== undefined && currentName.trim().toLowerCase() === wanted) return false;
  return others.some((o) => o.id !== editingId && o.name.trim().toLowerCase() === wanted);
}

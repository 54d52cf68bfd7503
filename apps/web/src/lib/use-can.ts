import { hasAnyPermission, type Permission } from '@tideline/contracts/access/permissions';
import { useSessionStore } from './session-store';

const NO_PERMISSIONS: readonly string[] = [];

/** The permList of the signed-in user (empty when nobody is signed in). */
export function usePermList(): readonly string[] {
  return useSessionStore((s) => s.user?.permList ?? NO_PERMISSIONS);
}

/**
 * platform.md 6: true when the signed-in user holds any of the permissions. It only hides what the user
 * may not do; the server stays the authority.
 */
export function useCan(...permissions: Permission[]): boolean {
  return hasAnyPermission(usePermList(), permissions);
}

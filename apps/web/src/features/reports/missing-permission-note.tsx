import { useQuery } from '@tanstack/react-query';
import Typography from '@mui/material/Typography';
import type { Permission } from '@tideline/contracts/access/permissions';
import { reportQueries } from './reports.queries';

/** "Generating reports needs the GENERATE_REPORTS permission, held by: Admin, Advisor, Analyst." */
export function describeMissingPermission(
  action: string,
  permission: Permission,
  roleNames: readonly string[] | undefined,
): string {
  const needs = `${action} needs the ${permission} permission`;
  if (!roleNames) return `${needs}.`;
  return `${needs}, held by: ${roleNames.length > 0 ? roleNames.join(', ') : 'no role'}.`;
}

/**
 * Issue 42 point 4: where an action is missing for want of a permission, the screen says which one and
 * which roles hold it (the roles the server knows, asked of GET /api/roles/holding/{permission}).
 */
export function MissingPermissionNote({ action, permission }: { action: string; permission: Permission }) {
  const holders = useQuery(reportQueries.roleHolders(permission));
  return (
    <Typography variant="body2" color="text.secondary">
      {describeMissingPermission(action, permission, holders.data?.roleNames)}
    </Typography>
  );
}

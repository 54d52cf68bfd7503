import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { RoleInput } from '@tideline/contracts/roles/roles.schemas';
import { auditQueries } from './audit.queries';
import { roleQueries } from './roles.queries';
import { userQueries } from './users.queries';
import { createRole, updateRole } from './roles.api';

// A role's name, scoping and permissions show in the user table and the user form's role select.
function refreshAfterRoleChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: roleQueries.all().queryKey }),
    queryClient.invalidateQueries({ queryKey: userQueries.roles().queryKey }),
    queryClient.invalidateQueries({ queryKey: userQueries.all().queryKey }),
    queryClient.invalidateQueries({ queryKey: auditQueries.lists() }),
  ]);
}

export function useCreateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (role: RoleInput) => createRole(role),
    onSuccess: () => refreshAfterRoleChange(queryClient),
  });
}

export function useUpdateRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ roleId, role }: { roleId: number; role: RoleInput }) => updateRole(roleId, role),
    onSuccess: () => refreshAfterRoleChange(queryClient),
  });
}

import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { AssignableUser, ClientAssignee } from '@tideline/contracts/clients/clients.schemas';
import { MultiPickField } from '../../components/multi-pick-field';
import { clientQueries } from './clients.queries';

interface AssigneesFieldProps {
  value: readonly number[];
  onChange: (userIds: number[]) => void;
  /** The client's saved assignees: their names stand in while the pick list loads or if it fails. */
  saved: readonly ClientAssignee[];
  error?: string;
}

/**
 * Assign To (spec 3 assignTo): the staff the client belongs to — it makes the client one of 'My Clients'
 * on their dashboard. Inactive users are offered only when already assigned, so they can be removed.
 */
export function AssigneesField({ value, onChange, saved, error }: AssigneesFieldProps) {
  const users = useQuery(clientQueries.assignableUsers());
  const options = useMemo(() => {
    const byId = new Map<number, AssignableUser>();
    for (const user of saved) byId.set(user.userId, { ...user, status: 1 });
    for (const user of users.data ?? []) byId.set(user.userId, user);
    return [...byId.values()]
      .filter((u) => u.status === 1 || value.includes(u.userId))
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((u) => ({ id: u.userId, label: u.status === 1 ? u.name : `${u.name} (inactive)` }));
  }, [users.data, saved, value]);

  return (
    <MultiPickField
      label="Assign To"
      options={options}
      value={value}
      onChange={onChange}
      isLoading={users.isLoading}
      error={error}
    />
  );
}

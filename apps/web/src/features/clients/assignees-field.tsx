import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import TextField from '@mui/material/TextField';
import type { AssignableUser, ClientAssignee } from '@tideline/contracts/clients/clients.schemas';
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
      .sort((a, b) => a.name.localeCompare(b.name));
  }, [users.data, saved, value]);
  const selected = options.filter((o) => value.includes(o.userId));

  return (
    <Autocomplete
      multiple
      disableCloseOnSelect
      options={options}
      value={selected}
      loading={users.isLoading}
      getOptionLabel={(o) => (o.status === 1 ? o.name : `${o.name} (inactive)`)}
      isOptionEqualToValue={(a, b) => a.userId === b.userId}
      onChange={(_event, picked) => onChange(picked.map((o) => o.userId))}
      slotProps={{ listbox: { style: { maxHeight: 200 } } }}
      renderOption={({ key, ...props }, option, { selected: isSelected }) => (
        <li key={key} {...props}>
          <Checkbox size="small" checked={isSelected} sx={{ mr: 1 }} tabIndex={-1} />
          {option.status === 1 ? option.name : `${option.name} (inactive)`}
        </li>
      )}
      renderInput={(params) => (
        <TextField {...params} label="Assign To" margin="normal" error={Boolean(error)} helperText={error} />
      )}
    />
  );
}

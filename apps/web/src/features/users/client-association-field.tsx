import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import TextField from '@mui/material/TextField';
import type { ClientOption } from '@tideline/contracts/clients/clients.schemas';
import type { ClientAssociation } from '@tideline/contracts/users/users.schemas';
import { clientQueries } from './users.queries';

interface ClientAssociationFieldProps {
  value: readonly number[];
  onChange: (clientIds: number[]) => void;
  /** The user's saved association: its names stand in for clients the pick list does not hold. */
  saved: readonly ClientAssociation[];
  error?: string;
}

/** The clients a user of a client-scoped role may see (platform.md 3, permissions.md). */
export function ClientAssociationField({ value, onChange, saved, error }: ClientAssociationFieldProps) {
  const clients = useQuery(clientQueries.list());
  const options = useMemo(() => {
    const byId = new Map<number, ClientOption>();
    for (const client of saved) byId.set(client.clientId, client);
    for (const client of clients.data ?? []) byId.set(client.clientId, client);
    return [...byId.values()].sort((a, b) => a.clientName.localeCompare(b.clientName));
  }, [clients.data, saved]);
  const selected = options.filter((o) => value.includes(o.clientId));

  return (
    <Autocomplete
      multiple
      disableCloseOnSelect
      options={options}
      value={selected}
      loading={clients.isLoading}
      getOptionLabel={(o) => o.clientName}
      isOptionEqualToValue={(a, b) => a.clientId === b.clientId}
      onChange={(_event, picked) => onChange(picked.map((o) => o.clientId))}
      slotProps={{ listbox: { style: { maxHeight: 200 } } }}
      renderOption={({ key, ...props }, option, { selected: isSelected }) => (
        <li key={key} {...props}>
          <Checkbox size="small" checked={isSelected} sx={{ mr: 1 }} tabIndex={-1} />
          {option.clientName}
        </li>
      )}
      renderInput={(params) => (
        <TextField
          {...params}
          label="Client Association"
          margin="normal"
          error={Boolean(error)}
          helperText={error}
        />
      )}
    />
  );
}

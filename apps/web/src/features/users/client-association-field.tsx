import { useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ClientOption } from '@tideline/contracts/clients/clients.schemas';
import type { ClientAssociation } from '@tideline/contracts/users/users.schemas';
import { MultiPickField } from '../../components/multi-pick-field';
import { clientQueries } from './users.queries';

interface ClientAssociationFieldProps {
  value: readonly number[];
  onChange: (clientIds: number[]) => void;
  /** The user's saved association: its names stand in for clients the pick list does not hold. */
  saved: readonly ClientAssociation[];
  error?: string;
  disabled?: boolean;
}

/** The clients a user of a client-scoped role may see (platform.md 3, permissions.md). */
export function ClientAssociationField({
  value,
  onChange,
  saved,
  error,
  disabled,
}: ClientAssociationFieldProps) {
  const clients = useQuery(clientQueries.list());
  const options = useMemo(() => {
    const byId = new Map<number, ClientOption>();
    for (const client of saved) byId.set(client.clientId, client);
    for (const client of clients.data ?? []) byId.set(client.clientId, client);
    return [...byId.values()]
      .sort((a, b) => a.clientName.localeCompare(b.clientName))
      .map((c) => ({ id: c.clientId, label: c.clientName }));
  }, [clients.data, saved]);

  return (
    <MultiPickField
      label="Client Association"
      options={options}
      value={value}
      onChange={onChange}
      isLoading={clients.isLoading}
      error={error}
      disabled={disabled}
    />
  );
}

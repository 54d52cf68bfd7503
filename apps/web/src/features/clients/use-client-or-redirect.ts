import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { enqueueSnackbar } from '../../lib/toast-host';
import { CLIENT_MSG } from '@tideline/contracts/clients/clients.schemas';
import { failureMessage } from '../../lib/api-messages';
import { clientQueries } from './clients.queries';

/**
 * The client of the profile page. One that cannot be loaded (unknown, or not visible to a client-scoped
 * user) sends the user to /client-management with 'Client not found.' (spec 2).
 */
export function useClientOrRedirect(clientId: number) {
  const isValidId = Number.isSafeInteger(clientId) && clientId > 0;
  const navigate = useNavigate();
  const client = useQuery({ ...clientQueries.detail(clientId), enabled: isValidId });
  const isMissing = !isValidId || client.isError;
  useEffect(() => {
    if (!isMissing) return;
    enqueueSnackbar(failureMessage(client.error, CLIENT_MSG.notFound), { variant: 'error' });
    void navigate('/client-management', { replace: true });
  }, [isMissing, client.error, navigate]);
  return client.data;
}

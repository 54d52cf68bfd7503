import { lazy, Suspense, useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { PageLoader } from '../../components/page-loader';
import type { ClientBadge } from './clients-table';
import { useCan } from '../../lib/use-can';

const ClientsTable = lazy(() => import('./clients-table').then((m) => ({ default: m.ClientsTable })));
const ClientFormDialog = lazy(() =>
  import('./client-form-dialog').then((m) => ({ default: m.ClientFormDialog })),
);

/**
 * /client-management (spec 2): the client list with 'Add New Client' (ADD_CLIENTS); `clientBadge` is what
 * the route shows beside each name.
 */
export default function ClientManagementPage({ clientBadge }: { clientBadge?: ClientBadge }) {
  const canAdd = useCan('ADD_CLIENTS');
  const [isAdding, setIsAdding] = useState(false);
  return (
    <Stack component="section" aria-labelledby="client-management-header" spacing={2}>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 2 }}
      >
        <Typography id="client-management-header" variant="h4" component="h1">
          Clients
        </Typography>
        {canAdd && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setIsAdding(true)}>
            Add New Client
          </Button>
        )}
      </Stack>
      <Suspense fallback={<PageLoader />}>
        <ClientsTable clientBadge={clientBadge} />
      </Suspense>
      {isAdding && (
        <Suspense fallback={null}>
          <ClientFormDialog onClose={() => setIsAdding(false)} />
        </Suspense>
      )}
    </Stack>
  );
}

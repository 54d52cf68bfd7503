import { lazy, Suspense, useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { PageLoader } from '../../components/page-loader';
import { useCan } from '../../lib/use-can';
import type { BankActionSlot } from './banks-table';

const BanksTable = lazy(() => import('./banks-table').then((m) => ({ default: m.BanksTable })));
const BankFormDialog = lazy(() => import('./bank-form-dialog').then((m) => ({ default: m.BankFormDialog })));

/** /bank-management (spec 2 "Banks administration"): screen 'Banks' with 'Add New Bank' (ADD_BANKS). */
export default function BankManagementPage({ bankActions }: { bankActions?: BankActionSlot }) {
  const canAdd = useCan('ADD_BANKS');
  const [isAdding, setIsAdding] = useState(false);
  return (
    <Stack component="section" aria-labelledby="bank-management-header" spacing={2}>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 2 }}
      >
        <Typography id="bank-management-header" variant="h4" component="h1">
          Banks
        </Typography>
        {canAdd && (
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setIsAdding(true)}>
            Add New Bank
          </Button>
        )}
      </Stack>
      <Suspense fallback={<PageLoader />}>
        <BanksTable bankActions={bankActions} />
      </Suspense>
      {isAdding && (
        <Suspense fallback={null}>
          <BankFormDialog onClose={() => setIsAdding(false)} />
        </Suspense>
      )}
    </Stack>
  );
}

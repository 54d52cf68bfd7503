import { lazy, Suspense, useState } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import EditIcon from '@mui/icons-material/Edit';
import { reportCycleOptions } from '@tideline/contracts/clients/client-lists';
import type { Client } from '@tideline/contracts/clients/clients.schemas';
import { activeStatusLabel, formatCurrency, formatDate } from '../../lib/format';
import { useCan } from '../../lib/use-can';
import { FieldList } from '../../components/field-list';

// The edit form (react-hook-form, its fields) is loaded when a user opens it, not with every profile.
const ClientFormDialog = lazy(() =>
  import('./client-form-dialog').then((m) => ({ default: m.ClientFormDialog })),
);

const months = (n: number | null) => (n === null ? '---' : `${n} ${n === 1 ? 'month' : 'months'}`);

/** The client card of the summary widgets (spec 2, 3) with the page's Edit Client action. */
export function ClientCard({ client }: { client: Client }) {
  const canEdit = useCan('EDIT_CLIENTS');
  const [isEditing, setIsEditing] = useState(false);
  const cycle =
    client.reportFrequency === null
      ? undefined
      : reportCycleOptions(client.reportFrequency).find((o) => o.value === client.reportCycle);
  return (
    <Card component="section" aria-labelledby="client-card-title" sx={{ height: '100%' }}>
      <CardHeader
        title={client.clientName}
        slotProps={{ title: { id: 'client-card-title', component: 'h2', variant: 'h6' } }}
        action={
          canEdit && (
            <Button startIcon={<EditIcon />} onClick={() => setIsEditing(true)}>
              Edit Client
            </Button>
          )
        }
      />
      <CardContent sx={{ pt: 0 }}>
        <FieldList
          fields={[
            ['Active Status', activeStatusLabel(client.status)],
            ['Budget (millions)', client.budget === null ? '---' : String(client.budget)],
            ['Category', client.clientCategory ?? '---'],
            ['Type', client.clientType ?? '---'],
            ['State', client.state ?? '---'],
            ['Initial Interest', client.initialInterest === null ? '---' : String(client.initialInterest)],
            ['Data Gathering Frequency', months(client.dataGatheringFrequency)],
            ['Report Frequency', months(client.reportFrequency)],
            ['Report Cycle', cycle ? `${cycle.value} (${cycle.label})` : '---'],
            ['Assigned To', client.assignTo?.join(', ') ?? '---'],
            ['Average Balance (12 months)', formatCurrency(client.last12MonthAvgBalance)],
            ['Data Until', formatDate(client.dataUntil)],
            ['Creation Date', formatDate(client.createdAt)],
          ]}
        />
      </CardContent>
      {isEditing && (
        <Suspense fallback={null}>
          <ClientFormDialog client={client} onClose={() => setIsEditing(false)} />
        </Suspense>
      )}
    </Card>
  );
}

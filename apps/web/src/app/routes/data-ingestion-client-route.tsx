import { lazy, Suspense, useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ClientBatch } from '@tideline/contracts/data-ingestion/batches.schemas';
import { PageLoader } from '../../components/page-loader';
import { ingestionKeys } from '../../features/data-ingestion/data-ingestion.queries';
import type {
  ClientTabDefinition,
  RenderStagingDialog,
  RenderTemplateForm,
  UploadDashboardSlots,
} from '../../features/data-ingestion/ingestion-slots';
import { UploadDashboardPage } from '../../features/data-ingestion/upload-dashboard-page';

// The upload dashboard composes the notes, investments, settings, negotiated-rates, templates and
// staging features (style.md: features do not import each other); each is its own chunk.
const NotesTable = lazy(() =>
  import('../../features/notes/notes-table').then((m) => ({ default: m.NotesTable })),
);
const NotesDialog = lazy(() =>
  import('../../features/notes/notes-dialog').then((m) => ({ default: m.NotesDialog })),
);
const NoteFormDialog = lazy(() =>
  import('../../features/notes/note-form-dialog').then((m) => ({ default: m.NoteFormDialog })),
);
const ClientInvestmentsTab = lazy(() =>
  import('../../features/investments/client-investments-tab').then((m) => ({
    default: m.ClientInvestmentsTab,
  })),
);
const InstitutionTypesTab = lazy(() =>
  import('../../features/settings/institution-types-tab').then((m) => ({ default: m.InstitutionTypesTab })),
);
const NegotiatedRatesTable = lazy(() =>
  import('../../features/negotiated-rates/negotiated-rates-table').then((m) => ({
    default: m.NegotiatedRatesTable,
  })),
);
const TemplatesTable = lazy(() =>
  import('../../features/templates/templates-table').then((m) => ({ default: m.TemplatesTable })),
);
const StagingInvestmentsDialog = lazy(
  () => import('../../features/staging-investments/staging-investments-dialog'),
);
const StagingTransactionsDialog = lazy(
  () => import('../../features/staging-transactions/staging-transactions-dialog'),
);
const TreasuryStagingDialog = lazy(() => import('../../features/staging-treasury/treasury-staging-dialog'));
const QuarterChecklistCard = lazy(() =>
  import('../../features/quarter-checklist/quarter-checklist-card').then((m) => ({
    default: m.QuarterChecklistCard,
  })),
);
const TemplateDialog = lazy(() =>
  import('../../features/templates/template-dialog').then((m) => ({ default: m.TemplateDialog })),
);

// Spec 2 "client upload dashboard": the tabs after Data Ingestion, each with its permission; the
// Templates tab also needs view negotiated rates, as the spec says.
const TABS: readonly ClientTabDefinition[] = [
  {
    id: 'notes',
    label: 'Notes',
    permission: 'VIEW_NOTES',
    Panel: ({ clientId }) => <NotesTable scope={{ kind: 'client', clientId }} />,
  },
  {
    id: 'investments',
    label: 'Investments',
    permission: 'VIEW_INVESTMENTS',
    Panel: ({ clientId }) => <ClientInvestmentsTab clientId={clientId} />,
  },
  {
    id: 'institution-types',
    label: 'Institution Types',
    permission: 'VIEW_INSTITUTION_TYPES',
    Panel: () => <InstitutionTypesTab />,
  },
  {
    id: 'negotiated-rates',
    label: 'Negotiated Rates',
    permission: 'VIEW_NEGOTIATED_RATES',
    Panel: ({ clientId }) => <NegotiatedRatesTable clientId={clientId} />,
  },
  {
    id: 'templates',
    label: 'Templates',
    permission: 'VIEW_NEGOTIATED_RATES',
    Panel: ({ clientId }) => <TemplatesTable clientId={clientId} />,
  },
];

const renderTemplateForm: RenderTemplateForm = (request, { onSaved, onClose }) => (
  <Suspense fallback={null}>
    <TemplateDialog
      type={request.type}
      bankClientRelId={request.bankClientRelId}
      subtitle={request.subtitle}
      start={request.start}
      storedSample={request.sample}
      onSaved={onSaved}
      onClose={onClose}
    />
  </Suspense>
);

const renderStagingTransactions: RenderStagingDialog = ({ batch, batchAccountIds, view }, onClose) => (
  <Suspense fallback={null}>
    <StagingTransactionsDialog
      batch={batch}
      batchAccountIds={batchAccountIds}
      view={view}
      onClose={onClose}
    />
  </Suspense>
);

const renderStagingInvestments: RenderStagingDialog = ({ batch, batchAccountIds }, onClose) => (
  <Suspense fallback={null}>
    <StagingInvestmentsDialog batch={batch} batchAccountIds={batchAccountIds} onClose={onClose} />
  </Suspense>
);

const renderTreasuryStaging: RenderStagingDialog = ({ batch, batchAccountIds }, onClose) => (
  <Suspense fallback={null}>
    <TreasuryStagingDialog batch={batch} batchAccountIds={batchAccountIds} onClose={onClose} />
  </Suspense>
);

const notesTitleOf = (batch: ClientBatch) => `Notes: ${batch.bankName} / ${batch.accountName ?? '---'}`;

/** /data-ingestion/{clientId}: the upload dashboard with the other areas' tabs and dialogs. */
export default function DataIngestionClientRoute() {
  const queryClient = useQueryClient();
  const slots = useMemo<UploadDashboardSlots>(() => {
    // A batch's notes icon and View Notes follow its notes: the batches are read again afterwards.
    const closing = (batch: ClientBatch, onClose: () => void) => () => {
      void queryClient.invalidateQueries({ queryKey: ingestionKeys.batches(batch.clientId) });
      onClose();
    };
    return {
      tabs: TABS,
      renderTemplateForm,
      renderChecklist: (clientId) => (
        <Suspense fallback={null}>
          <QuarterChecklistCard clientId={clientId} />
        </Suspense>
      ),
      staging: {
        transactions: renderStagingTransactions,
        investments: renderStagingInvestments,
        treasury: renderTreasuryStaging,
      },
      notes: {
        renderAddNote: (batch, onClose) => (
          <Suspense fallback={null}>
            <NoteFormDialog
              link={{ tableLinkedTo: 'batches', linkedId: batch.batchId }}
              onClose={closing(batch, onClose)}
            />
          </Suspense>
        ),
        renderViewNotes: (batch, onClose) => (
          <Suspense fallback={null}>
            <NotesDialog
              scope={{ kind: 'batch', batchId: batch.batchId }}
              title={notesTitleOf(batch)}
              onClose={closing(batch, onClose)}
            />
          </Suspense>
        ),
      },
    };
  }, [queryClient]);
  return (
    <Suspense fallback={<PageLoader />}>
      <UploadDashboardPage slots={slots} />
    </Suspense>
  );
}

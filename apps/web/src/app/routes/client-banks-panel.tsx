import { lazy, Suspense } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Client } from '@tideline/contracts/clients/clients.schemas';
import { useBankLinkActions } from '../../features/bank-links/use-bank-link-actions';
import { ClientBanksTable, type RenderTemplateDialog } from '../../features/clients/client-banks-table';
import { clientQueries } from '../../features/clients/clients.queries';
import { useClientIngestionActions } from '../../features/data-ingestion/use-start-ingestion-actions';

// The client summary's Banks sub-tab, composed of several areas (style.md: features do not import each
// other) and loaded when a user opens it: its table, the Plaid link actions, Start Ingestion and the
// template dialogs are code and contracts' schemas the summary every profile opens on never draws
// (issue 21 "Speed").

const TemplateDialog = lazy(() =>
  import('../../features/templates/template-dialog').then((m) => ({ default: m.TemplateDialog })),
);

const renderTemplateDialog: RenderTemplateDialog = ({ type, relationship, onClose }) => (
  <Suspense fallback={null}>
    <TemplateDialog
      type={type}
      bankClientRelId={relationship.bankClientRelId}
      subtitle={relationship.bankName}
      onClose={onClose}
    />
  </Suspense>
);

/** Start Ingestion on the Banks tab, its dates the open report's period; the report status follows. */
function useIngestionActions(client: Client) {
  const queryClient = useQueryClient();
  // Read when the panel draws (opening the dialog draws it), never subscribed to: the answer's arrival
  // would draw the whole table again for dates only the dialog shows.
  const reportStatus = useQuery({ ...clientQueries.reportStatus(client.clientId), notifyOnChangeProps: [] });
  return useClientIngestionActions(client, {
    defaults: {
      startDate: reportStatus.data?.reportStartDate ?? null,
      endDate: reportStatus.data?.reportEndDate ?? null,
    },
    onStarted: () =>
      queryClient.invalidateQueries({ queryKey: clientQueries.reportStatus(client.clientId).queryKey }),
  });
}

/** The Banks sub-tab of a client's summary: its bank relationships with every area's actions. */
export default function ClientBanksPanel({ client }: { client: Client }) {
  const bankLinkActions = useBankLinkActions();
  const ingestionActions = useIngestionActions(client);
  return (
    <ClientBanksTable
      clientId={client.clientId}
      clientName={client.clientName}
      renderTemplateDialog={renderTemplateDialog}
      bankLinkActions={bankLinkActions}
      ingestionActions={ingestionActions}
    />
  );
}

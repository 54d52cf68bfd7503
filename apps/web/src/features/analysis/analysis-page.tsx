import { useId, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { EmptyState } from '../../components/data-table/empty-state';
import { PageLoader } from '../../components/page-loader';
import { useCan } from '../../lib/use-can';
import { analysisQueries } from './analysis.queries';
import { AnalysisOpenReportsTable } from './analysis-open-reports-table';
import { ClientAnalysisView, type AnalysisTabSlots } from './client-analysis-view';

type AnalysisView = 'open-reports' | 'analysis';

function PageHeader({ title, titleId, end }: { title: string; titleId: string; end?: ReactNode }) {
  return (
    <Stack
      direction="row"
      sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 2 }}
    >
      <Typography id={titleId} variant="h4" component="h1">
        {title}
      </Typography>
      {end}
    </Stack>
  );
}

/** The Analysis sub-view before a client is chosen: pick one of the clients the user may see. */
function ClientPicker({ onPick }: { onPick: (clientId: number) => void }) {
  const clients = useQuery(analysisQueries.clients());
  return (
    <Paper sx={{ p: 3 }}>
      <Typography variant="body1" sx={{ mb: 2 }}>
        Choose a client to open its analysis, or go to one from Open Reports.
      </Typography>
      <Autocomplete
        options={clients.data ?? []}
        loading={clients.isLoading}
        getOptionLabel={(c) => c.clientName}
        onChange={(_e, client) => client && onPick(client.clientId)}
        sx={{ maxWidth: 480 }}
        renderInput={(params) => <TextField {...params} label="Client" autoFocus />}
      />
    </Paper>
  );
}

function ClientAnalysis({
  clientId,
  titleId,
  slots,
}: {
  clientId: number;
  titleId: string;
  slots: AnalysisTabSlots;
}) {
  const client = useQuery(analysisQueries.client(clientId));
  if (client.isLoading) return <PageLoader />;
  if (!client.data) {
    return (
      <>
        <PageHeader title="Analysis" titleId={titleId} />
        <EmptyState />
      </>
    );
  }
  return (
    <ClientAnalysisView
      clientId={clientId}
      clientName={client.data.clientName}
      slots={slots}
      headerEnd={(actions) => (
        <PageHeader title={`Analysis: ${client.data.clientName}`} titleId={titleId} end={actions} />
      )}
    />
  );
}

/**
 * /analysis (spec 2 "Analysis"): 'Analysis: Open Reports' with 'Clients with Open Reports', or, with a
 * client chosen (?clientId=, so the view can be linked and reloaded), 'Analysis: {client name}'. The
 * sub-navigation offers Open Reports (VIEW_ANALYSIS_OPEN_REPORTS) and Analysis.
 */
export default function AnalysisPage({ slots }: { slots: AnalysisTabSlots }) {
  const titleId = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const canOpenReports = useCan('VIEW_ANALYSIS_OPEN_REPORTS');
  const clientId = Number(searchParams.get('clientId')) || null;
  const requested =
    searchParams.get('view') === 'analysis' || clientId !== null ? 'analysis' : 'open-reports';
  const view: AnalysisView = canOpenReports ? requested : 'analysis';
  const openClient = (id: number) => setSearchParams({ clientId: String(id) });

  return (
    <Stack component="section" aria-labelledby={titleId} spacing={2}>
      {view === 'open-reports' && <PageHeader title="Analysis: Open Reports" titleId={titleId} />}
      {view === 'analysis' && clientId === null && <PageHeader title="Analysis" titleId={titleId} />}
      <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
        <Tabs
          value={view}
          onChange={(_e, next: AnalysisView) =>
            setSearchParams(
              next === 'open-reports' ? {} : clientId ? { clientId: String(clientId) } : { view: 'analysis' },
            )
          }
          aria-label="Analysis views"
        >
          {canOpenReports && (
            <Tab value="open-reports" label="Open Reports" id="analysis-view-open-reports" />
          )}
          <Tab value="analysis" label="Analysis" id="analysis-view-analysis" />
        </Tabs>
      </Box>
      {view === 'open-reports' && <AnalysisOpenReportsTable onOpen={openClient} />}
      {view === 'analysis' &&
        (clientId === null ? (
          <ClientPicker onPick={openClient} />
        ) : (
          <ClientAnalysis key={clientId} clientId={clientId} titleId={titleId} slots={slots} />
        ))}
    </Stack>
  );
}

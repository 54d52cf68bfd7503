import { useId } from 'react';
import { useSearchParams } from 'react-router';
import Stack from '@mui/material/Stack';
import { IngestionHeader, IngestionViewTabs, useIngestionViews } from './ingestion-header';
import { OpenBatchesTable } from './open-batches-table';

/**
 * /data-ingestion (spec 2 "Data ingestion: open batches"): the clients with a report in progress. The
 * view chosen in the sub-navigation is where View Dashboard leads.
 */
export default function OpenBatchesPage() {
  const titleId = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const { current } = useIngestionViews(searchParams.get('view'));
  return (
    <Stack component="section" aria-labelledby={titleId} spacing={2}>
      <IngestionHeader title="Data Ingestion: Open Batches" titleId={titleId} />
      <IngestionViewTabs
        current={current}
        onChange={(view) => setSearchParams(view === 'upload' ? {} : { view })}
      />
      <OpenBatchesTable view={current} />
    </Stack>
  );
}

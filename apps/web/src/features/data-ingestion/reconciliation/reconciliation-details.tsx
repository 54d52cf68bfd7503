import { useMemo } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type {
  ReconciledStatement,
  Reconciliation,
} from '@tideline/contracts/data-ingestion/reconciliation.schemas';
import { DataTable } from '../../../components/data-table/data-table';
import { formatDate } from '../../../lib/format';
import { useCan } from '../../../lib/use-can';
import { periodOf, RECONCILED_STATEMENT_COLUMNS } from './reconciled-statement-columns';
import { ReconciliationChip } from './reconciliation-chip';

const STATEMENT_PAGE_SIZES = [25, 50, 100];

/** A statement and its place in the list: two may share a file and a period (a repeat upload). */
type StatementRow = ReconciledStatement & { index: number };

/** The status and every problem found, or, when there is none, why the statements add up. */
export function ReconciliationFindings({ reconciliation }: { reconciliation: Reconciliation }) {
  const { status, explanation, problems } = reconciliation;
  return (
    <Box>
      <ReconciliationChip status={status} />
      {problems.length === 0 ? (
        <Typography sx={{ mt: 1 }}>{explanation}</Typography>
      ) : (
        <>
          <Typography variant="subtitle2" component="h3" sx={{ mt: 1 }}>
            {problems.length === 1 ? 'Problem found' : `${problems.length} problems found`}
          </Typography>
          <Box component="ul" sx={{ my: 0.5, pl: 3 }}>
            {problems.map((problem) => (
              <li key={problem}>
                <Typography variant="body2">{problem}</Typography>
              </li>
            ))}
          </Box>
        </>
      )}
    </Box>
  );
}

/**
 * What a reconciliation says (issue 39 point 1): its status, every problem found (or, when there is
 * none, why it adds up), each statement's figures, and an override that validated it anyway.
 */
export function ReconciliationDetails({ reconciliation }: { reconciliation: Reconciliation }) {
  const { statements, override } = reconciliation;
  const canExport = useCan('DOWNLOAD_FILES');
  const rows = useMemo(() => statements.map((s, index) => ({ ...s, index })), [statements]);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <ReconciliationFindings reconciliation={reconciliation} />
      {override && (
        <Box>
          <Typography variant="subtitle2" component="h3">
            Validated without reconciling by {override.userName ?? 'an unknown user'} on{' '}
            {formatDate(override.at)}
          </Typography>
          <Typography variant="body2">Reason: {override.reason}</Typography>
          <Typography variant="body2" color="text.secondary">
            The reconciliation said: {override.summary}
          </Typography>
        </Box>
      )}
      <DataTable<StatementRow>
        title="Statements"
        columns={RECONCILED_STATEMENT_COLUMNS}
        getRowId={(s) => s.index}
        getRowLabel={(s) => `${s.fileName} ${periodOf(s)}`}
        mode={{ kind: 'client', rows }}
        pageSizes={STATEMENT_PAGE_SIZES}
        exportFileName={canExport ? 'Reconciliation' : false}
      />
    </Box>
  );
}

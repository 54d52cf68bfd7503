import { useId, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import type { ClientBatch } from '@tideline/contracts/data-ingestion/batches.schemas';
import { EmptyState } from '../../components/data-table/empty-state';
import { AccountBalancesTable } from './account-balances-table';
import { BalancesTable } from './balances-table';
import { FeesTable } from './fees-table';
import { useTreasurySections, type TreasurySection } from './use-treasury-sections';

export interface TreasuryStagingDialogProps {
  batch: ClientBatch;
  batchAccountIds: number[];
  onClose: () => void;
}

/** Spec 2: past 6 dynamic amount columns the dialog takes the whole width. */
const WIDE_AFTER_AMOUNTS = 6;

export function treasuryTitleOf(batch: ClientBatch): string {
  return `Validate/Inspect/Edit: ${batch.clientName} / ${batch.bankName} / Analysis Statements`;
}

function SectionTable({ batch, section }: { batch: ClientBatch; section: TreasurySection }) {
  switch (section.type) {
    case 'Balance':
      return <BalancesTable batch={batch} rows={section.rows} />;
    case 'Fees':
      return <FeesTable batch={batch} rows={section.rows} />;
    case 'Account Balance':
      return <AccountBalancesTable batch={batch} rows={section.rows} />;
  }
}

/**
 * Edit/Inspect/Validate of a Treasury batch's sections (spec 2 "Treasury staging dialog"): one mode per
 * section type of the batch accounts it was opened on, with tabs when there are several.
 */
export function TreasuryStagingDialog({ batch, batchAccountIds, onClose }: TreasuryStagingDialogProps) {
  const titleId = useId();
  const headingId = useId();
  const tabsId = useId();
  const { sections, isLoading, needsValidation, amountCount } = useTreasurySections(
    batch.batchId,
    batchAccountIds,
  );
  const [chosen, setChosen] = useState<TreasurySection['type'] | null>(null);
  const shown = sections.find((s) => s.type === chosen) ?? sections[0];
  const isWide = amountCount > WIDE_AFTER_AMOUNTS;

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth={isWide ? 'xl' : 'lg'} fullWidth>
      {/* The dialog is named by the title text alone; the badge sits beside it. */}
      <DialogTitle id={headingId} sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <span id={titleId}>{treasuryTitleOf(batch)}</span>
        {needsValidation !== undefined && (
          <Chip
            size="small"
            label={needsValidation ? 'Needs Validation' : 'Validated'}
            color={needsValidation ? 'warning' : 'success'}
          />
        )}
      </DialogTitle>
      <DialogContent>
        {sections.length > 1 && (
          <Tabs
            value={shown?.type}
            onChange={(_event, type: TreasurySection['type']) => setChosen(type)}
            aria-label="Section type"
            sx={{ mb: 2 }}
          >
            {sections.map((s) => (
              <Tab
                key={s.type}
                value={s.type}
                label={s.type}
                id={`${tabsId}-${s.type}`}
                aria-controls={`${tabsId}-panel`}
              />
            ))}
          </Tabs>
        )}
        {shown ? (
          <Box
            id={`${tabsId}-panel`}
            role={sections.length > 1 ? 'tabpanel' : undefined}
            aria-labelledby={sections.length > 1 ? `${tabsId}-${shown.type}` : undefined}
          >
            <SectionTable key={shown.type} batch={batch} section={shown} />
          </Box>
        ) : isLoading ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
            <CircularProgress aria-label="Loading" />
          </Box>
        ) : (
          <EmptyState />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Close</Button>
      </DialogActions>
    </Dialog>
  );
}

export default TreasuryStagingDialog;

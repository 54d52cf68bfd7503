import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import type { Permission } from '@tideline/contracts/access/permissions';
import { useCan } from '../../lib/use-can';

export type IngestionView = 'upload' | 'history';

// Spec 2 "open batches": the two sub-navigation tabs and the permission each needs.
const VIEWS: readonly { view: IngestionView; label: string; permission: Permission }[] = [
  { view: 'upload', label: 'Upload & Validation', permission: 'VIEW_BATCHES' },
  { view: 'history', label: 'Validation History', permission: 'VIEW_VALIDATION_HISTORY' },
];

/** The sub-navigation views the user may open, the requested one first if allowed. */
export function useIngestionViews(requested: string | null) {
  const canUpload = useCan('VIEW_BATCHES');
  const canHistory = useCan('VIEW_VALIDATION_HISTORY');
  const visible = VIEWS.filter((v) => (v.view === 'upload' ? canUpload : canHistory));
  const current = visible.find((v) => v.view === requested) ?? visible[0];
  return { visible, current: current?.view ?? null };
}

/** The page header of data ingestion: its title, what it is about and 'Back to Open Reports'. */
export function IngestionHeader({
  title,
  titleId,
  subtitle,
}: {
  title: string;
  titleId: string;
  subtitle?: ReactNode;
}) {
  return (
    <Stack
      direction="row"
      sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 2 }}
    >
      <Box>
        <Typography id={titleId} variant="h4" component="h1">
          {title}
        </Typography>
        {subtitle && (
          <Typography variant="subtitle1" color="text.secondary">
            {subtitle}
          </Typography>
        )}
      </Box>
      <Button component={RouterLink} to="/data-ingestion" variant="outlined" startIcon={<ArrowBackIcon />}>
        Back to Open Reports
      </Button>
    </Stack>
  );
}

/**
 * 'Upload & Validation' and 'Validation History', each shown only with its permission; `labels`
 * renames them where the spec does (the upload dashboard's tab 1 is 'Dashboard').
 */
export function IngestionViewTabs({
  current,
  onChange,
  labels = {},
}: {
  current: IngestionView | null;
  onChange: (view: IngestionView) => void;
  labels?: Partial<Record<IngestionView, string>>;
}) {
  const { visible } = useIngestionViews(current);
  if (visible.length === 0 || current === null) return null;
  return (
    <Box sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Tabs
        value={current}
        onChange={(_e, view: IngestionView) => onChange(view)}
        aria-label="Data ingestion views"
      >
        {visible.map((v) => (
          <Tab
            key={v.view}
            value={v.view}
            label={labels[v.view] ?? v.label}
            id={`ingestion-view-${v.view}`}
          />
        ))}
      </Tabs>
    </Box>
  );
}

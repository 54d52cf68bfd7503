import Chip from '@mui/material/Chip';

/** Spec 3's analysis statuses: ready or running green, waiting on data amber, stopped grey. */
function colorOf(status: string): 'success' | 'warning' | 'default' | 'info' {
  if (status === 'Ready For Analysis') return 'success';
  if (status === 'In Progress') return 'info';
  if (status === 'Analysis Stopped') return 'default';
  return 'warning';
}

export function AnalysisStatusChip({ status }: { status: string }) {
  return <Chip size="small" label={status} color={colorOf(status)} />;
}

import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { AuditRow } from '@tideline/contracts/audit/audit.schemas';
import { describeChanges } from './audit-format';

const SHOWN_LINES = 3;

/** A compact before → after of an audit row; the full list in the tooltip. */
export function AuditChanges({ row }: { row: AuditRow }) {
  const lines = describeChanges(row.before, row.after);
  if (lines.length === 0) return <Typography variant="body2">—</Typography>;
  const hidden = lines.length - SHOWN_LINES;
  return (
    <Tooltip title={<Box sx={{ whiteSpace: 'pre-line' }}>{lines.join('\n')}</Box>}>
      <Box sx={{ fontFamily: 'monospace', fontSize: 12, lineHeight: 1.5 }}>
        {lines.slice(0, SHOWN_LINES).map((line) => (
          <div key={line}>{line}</div>
        ))}
        {hidden > 0 && <Box sx={{ color: 'text.secondary' }}>+{hidden} more</Box>}
      </Box>
    </Tooltip>
  );
}

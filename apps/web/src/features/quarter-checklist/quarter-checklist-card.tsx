import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import PlayCircleIcon from '@mui/icons-material/PlayCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { describePeriod } from '@tideline/contracts/analysis/run-defaults';
import type {
  QuarterStageRow,
  QuarterStageState,
} from '@tideline/contracts/quarter-checklist/quarter-checklist.schemas';
import { useCan } from '../../lib/use-can';
import { quarterChecklistQueries } from './quarter-checklist.queries';
import { linkOfStep } from './step-link';

const ICONS: Record<
  QuarterStageState,
  { icon: typeof CheckCircleIcon; color: 'success' | 'error' | 'primary' | 'disabled'; word: string }
> = {
  done: { icon: CheckCircleIcon, color: 'success', word: 'Done' },
  attention: { icon: ErrorIcon, color: 'error', word: 'Needs attention' },
  next: { icon: PlayCircleIcon, color: 'primary', word: 'Next' },
  waiting: { icon: RadioButtonUncheckedIcon, color: 'disabled', word: 'To do' },
};

function StageItem({ row, clientId }: { row: QuarterStageRow; clientId: number }) {
  const location = useLocation();
  const { icon: Icon, color, word } = ICONS[row.state];
  const link = row.step ? linkOfStep(row.step.place, clientId) : null;
  const isHere = link !== null && `${location.pathname}${location.search}` === link.to;
  return (
    <ListItem
      dense
      disableGutters
      secondaryAction={
        row.step && link && !isHere ? (
          <Button
            size="small"
            variant={row.state === 'next' ? 'contained' : 'outlined'}
            color={row.state === 'attention' ? 'error' : 'primary'}
            component={RouterLink}
            to={link.to}
            state={link.state}
          >
            {row.step.label}
          </Button>
        ) : undefined
      }
    >
      <ListItemIcon sx={{ minWidth: 32 }}>
        <Icon color={color} fontSize="small" titleAccess={word} />
      </ListItemIcon>
      <ListItemText
        primary={row.label}
        secondary={row.detail || undefined}
        slotProps={{ primary: { variant: 'body2', fontWeight: row.state === 'next' ? 600 : 400 } }}
      />
    </ListItem>
  );
}

/**
 * The quarter checklist (issue 42 point 1), on the client profile and the upload dashboard: the open
 * report's stages with their counts, the next one's button and any that need a person; the rest fold
 * away. It asks again every few seconds, so extraction and runs finishing elsewhere show here.
 */
export function QuarterChecklistCard({ clientId }: { clientId: number }) {
  const canView = useCan('VIEW_OPEN_REPORTS');
  const checklist = useQuery({ ...quarterChecklistQueries.ofClient(clientId), enabled: canView });
  const [isOpen, setIsOpen] = useState(false);
  if (!canView || !checklist.data) return null;
  const { stages, startDate, endDate } = checklist.data;
  const doneCount = stages.filter((s) => s.state === 'done').length;
  const shown = isOpen ? stages : stages.filter((s) => s.state === 'next' || s.state === 'attention');
  const title =
    startDate && endDate ? `Quarter checklist: ${describePeriod(startDate, endDate)}` : 'Quarter checklist';
  return (
    <Card component="section" aria-label="Quarter checklist" variant="outlined">
      <CardContent sx={{ pb: 1, '&:last-child': { pb: 1 } }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {doneCount} of {stages.length} done
          </Typography>
          {/* A drawn bar, not a progressbar: the text beside it says the count, and screens wait for
              progressbars to end (a loading sign) — this one is a state. */}
          <Box
            aria-hidden
            sx={{ flex: 1, minWidth: 120, height: 6, borderRadius: 3, bgcolor: 'action.hover' }}
          >
            <Box
              sx={{
                width: `${(doneCount / stages.length) * 100}%`,
                height: '100%',
                borderRadius: 3,
                bgcolor: 'success.main',
              }}
            />
          </Box>
          <Button size="small" onClick={() => setIsOpen((open) => !open)} aria-expanded={isOpen}>
            {isOpen ? 'Hide stages' : `Show all ${stages.length} stages`}
          </Button>
        </Stack>
        <List dense aria-label="Stages">
          {shown.map((row) => (
            <StageItem key={row.stage} row={row} clientId={clientId} />
          ))}
        </List>
      </CardContent>
    </Card>
  );
}

import { useId } from 'react';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/**
 * What a titled table shows before it is drawn (DrawnWhenNear) or while its chunk loads: the same card
 * and heading as DataTable's, so the region is already named, and a spinner about as tall as the
 * toolbar and a loading table, so little moves when the table takes its place.
 */
export function TablePlaceholder({ title }: { title: string }) {
  const titleId = useId();
  return (
    <Paper component="section" aria-labelledby={titleId} aria-busy sx={{ minHeight: 320 }}>
      <Box sx={{ p: 2 }}>
        <Typography id={titleId} variant="h6" component="h2">
          {title}
        </Typography>
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 8 }}>
        <CircularProgress aria-label="Loading" />
      </Box>
    </Paper>
  );
}

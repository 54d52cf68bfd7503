import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import InboxOutlinedIcon from '@mui/icons-material/InboxOutlined';
import { MSG } from '@tideline/contracts/common/messages';

/**
 * platform.md 2.8 and 8: what a table shows when it has no rows; `message` replaces the two lines where a
 * table of ours says it in its own words (the exception queue's 'No exceptions.').
 */
export function EmptyState({ message }: { message?: string } = {}) {
  return (
    <Box role="status" sx={{ py: 6, textAlign: 'center', color: 'text.secondary' }}>
      <InboxOutlinedIcon fontSize="large" aria-hidden="true" />
      <Typography variant="h6" component="p" color="text.primary">
        {message ?? MSG.noResultsTitle}
      </Typography>
      {message === undefined && <Typography variant="body2">{MSG.noResultsText}</Typography>}
    </Box>
  );
}

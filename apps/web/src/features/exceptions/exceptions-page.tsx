import { useSearchParams } from 'react-router';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ExceptionsTable } from './exceptions-table';

/** A client id from the address (`?clientId=12`, a badge's link), or null. */
function clientIdOf(value: string | null): number | null {
  const id = Number(value);
  return value !== null && Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** /exceptions (issue 43, VIEW_EXCEPTIONS): every client's problems in one queue. */
export default function ExceptionsPage() {
  const [searchParams] = useSearchParams();
  const clientId = clientIdOf(searchParams.get('clientId'));
  return (
    <Stack component="section" aria-labelledby="exceptions-header" spacing={2}>
      <Typography id="exceptions-header" variant="h4" component="h1">
        Exceptions
      </Typography>
      {/* Keyed by the client: another badge's link opens the queue afresh on that client. */}
      <ExceptionsTable key={clientId ?? 'all'} clientId={clientId} />
    </Stack>
  );
}

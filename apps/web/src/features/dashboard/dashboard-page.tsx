import Typography from '@mui/material/Typography';
import { useSessionStore } from '../../lib/session-store';
import { greetingFor } from './greeting';

/** platform.md 2.5: for now the header only, a greeting with the user's first name. */
export default function DashboardPage() {
  const firstName = useSessionStore((s) => s.user?.firstName ?? '');
  return (
    <section aria-labelledby="dashboard-greeting">
      <Typography id="dashboard-greeting" variant="h4" component="h1">
        {greetingFor(new Date(), firstName)}
      </Typography>
    </section>
  );
}

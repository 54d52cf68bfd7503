import { Suspense, useEffect } from 'react';
import { Link as RouterLink, Outlet } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { enqueueSnackbar } from 'notistack';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import LogoutIcon from '@mui/icons-material/Logout';
import { MSG } from '@tideline/contracts/common/messages';
import { Logo } from '../../components/logo';
import { PageLoader } from '../../components/page-loader';
import { signOut } from '../../features/auth/auth.api';
import { setAccessToken } from '../../lib/api-client';
import { fetchLoggedUser, loggedUserQueryKey } from '../../lib/logged-user';
import { useSessionStore } from '../../lib/session-store';

/**
 * The signed-in shell: for now a top bar with the logo (to /dashboard) and Logout. The sidebar of
 * platform.md 2.2 slots in beside the Outlet.
 */
export default function AppLayout() {
  const user = useSessionStore((s) => s.user);
  const setUser = useSessionStore((s) => s.setUser);
  const queryClient = useQueryClient();

  // Reloading the app user is also the session check after a reload (platform.md 4.2): the first call
  // refreshes the access token and an expired session signs the user out.
  const loggedUser = useQuery({ queryKey: loggedUserQueryKey, queryFn: fetchLoggedUser, staleTime: 60_000 });
  useEffect(() => {
    if (loggedUser.data) setUser(loggedUser.data);
  }, [loggedUser.data, setUser]);

  const logout = useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      setAccessToken(null);
      queryClient.clear();
      useSessionStore.getState().signOut();
    },
    onError: () => enqueueSnackbar(MSG.logoutFail, { variant: 'error' }),
  });

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar position="sticky" color="inherit" elevation={1}>
        <Toolbar sx={{ gap: 2 }}>
          <Link component={RouterLink} to="/dashboard" underline="none" aria-label="Tideline home">
            <Logo />
          </Link>
          <Box sx={{ flexGrow: 1 }} />
          {user && (
            <Typography variant="body2" color="text.secondary" sx={{ display: { xs: 'none', sm: 'block' } }}>
              {user.firstName} {user.lastName}
            </Typography>
          )}
          <Button
            color="primary"
            startIcon={<LogoutIcon />}
            onClick={() => logout.mutate()}
            loading={logout.isPending}
          >
            Logout
          </Button>
        </Toolbar>
      </AppBar>
      <Container component="main" maxWidth="xl" sx={{ py: 4 }}>
        <Suspense fallback={<PageLoader />}>
          <Outlet />
        </Suspense>
      </Container>
    </Box>
  );
}

import { Suspense, useEffect, useState } from 'react';
import { Link as RouterLink, Outlet } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Toolbar from '@mui/material/Toolbar';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import MenuIcon from '@mui/icons-material/Menu';
import MenuOpenIcon from '@mui/icons-material/MenuOpen';
import { Logo } from '../../components/logo';
import { PageLoader } from '../../components/page-loader';
import { fetchLoggedUser, loggedUserQueryKey } from '../../lib/logged-user';
import { runWhenIdle } from '../../lib/prefetch-when-idle';
import { useSessionStore } from '../../lib/session-store';
import { requestToastHost } from '../../lib/toast-host';
import { SideNav } from './side-nav';
import { UserMenu } from './user-menu';

const DRAWER_WIDTH = 240;
const COLLAPSED_WIDTH = 64;
const NAV_ID = 'main-navigation';

/**
 * The signed-in shell (platform.md 2.2): a top bar with the logo (to /dashboard) and the user menu, and
 * a sidebar that collapses to icons on wide screens and is a temporary drawer on small ones.
 */
export default function AppLayout() {
  const setUser = useSessionStore((s) => s.setUser);
  const theme = useTheme();
  const isSmallScreen = useMediaQuery(theme.breakpoints.down('md'));
  const [isCollapsed, setIsCollapsed] = useState(false);
  const [isDrawerOpen, setIsDrawerOpen] = useState(false);

  // Reloading the app user is also the session check after a reload (platform.md 4.2): the first call
  // refreshes the access token and an expired session signs the user out.
  // The answer goes to the session store, not to this component: notifyOnChangeProps [] keeps its arrival
  // from drawing the shell again, synchronously, with the page being drawn under it (a reload's largest
  // long task in the traces of issue 21). The same user again leaves the store as it was.
  useQuery({
    queryKey: loggedUserQueryKey,
    queryFn: async () => {
      const user = await fetchLoggedUser();
      setUser(user);
      return user;
    },
    staleTime: 60_000,
    notifyOnChangeProps: [],
  });

  // The toast host once the shell and its screen have drawn: loading it earlier put notistack (which
  // styles itself as it loads) before the screen's largest paint (issue 21 "Speed"). A toast raised
  // before then asks for it at once and waits for it (toast-host.ts).
  useEffect(() => runWhenIdle(requestToastHost), []);

  const isNavOpen = isSmallScreen ? isDrawerOpen : !isCollapsed;
  const toggleLabel = isSmallScreen
    ? 'Open navigation'
    : isCollapsed
      ? 'Expand navigation'
      : 'Collapse navigation';
  const navWidth = isCollapsed ? COLLAPSED_WIDTH : DRAWER_WIDTH;

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppBar position="fixed" color="inherit" elevation={1} sx={{ zIndex: (t) => t.zIndex.drawer + 1 }}>
        <Toolbar sx={{ gap: 1 }}>
          <IconButton
            edge="start"
            aria-label={toggleLabel}
            aria-controls={isNavOpen ? NAV_ID : undefined}
            aria-expanded={isNavOpen}
            onClick={() => (isSmallScreen ? setIsDrawerOpen(true) : setIsCollapsed((v) => !v))}
          >
            {isNavOpen && !isSmallScreen ? <MenuOpenIcon /> : <MenuIcon />}
          </IconButton>
          <Link component={RouterLink} to="/dashboard" underline="none" aria-label="Tideline home">
            <Logo />
          </Link>
          <Box sx={{ flexGrow: 1 }} />
          <UserMenu />
        </Toolbar>
      </AppBar>
      {isSmallScreen ? (
        <Drawer
          variant="temporary"
          open={isDrawerOpen}
          onClose={() => setIsDrawerOpen(false)}
          slotProps={{ paper: { sx: { width: DRAWER_WIDTH } } }}
        >
          <Box component="nav" id={NAV_ID} aria-label="Main" sx={{ pt: 1 }}>
            <SideNav isCollapsed={false} onNavigate={() => setIsDrawerOpen(false)} />
          </Box>
        </Drawer>
      ) : (
        <Drawer
          variant="permanent"
          sx={{
            width: navWidth,
            flexShrink: 0,
            transition: (t) => t.transitions.create('width'),
            '& .MuiDrawer-paper': {
              width: navWidth,
              overflowX: 'hidden',
              boxSizing: 'border-box',
              transition: (t) => t.transitions.create('width'),
            },
          }}
        >
          <Toolbar />
          <Box component="nav" id={NAV_ID} aria-label="Main" sx={{ pt: 1 }}>
            <SideNav isCollapsed={isCollapsed} />
          </Box>
        </Drawer>
      )}
      <Box component="main" sx={{ flexGrow: 1, minWidth: 0, px: { xs: 2, md: 4 }, pb: 4 }}>
        <Toolbar />
        <Box sx={{ pt: 3 }}>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </Box>
      </Box>
    </Box>
  );
}

import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import AccountCircleOutlinedIcon from '@mui/icons-material/AccountCircleOutlined';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import LogoutIcon from '@mui/icons-material/Logout';
import { useSessionStore } from '../../lib/session-store';
import { useLogout } from './use-logout';

function initialsOf(firstName: string, lastName: string): string {
  return `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase() || '?';
}

/** platform.md 2.2: the user menu with My Account and Logout. */
export function UserMenu() {
  const user = useSessionStore((s) => s.user);
  const logout = useLogout();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  if (!user) return null;
  const fullName = `${user.firstName} ${user.lastName}`.trim();
  return (
    <>
      <Button
        color="inherit"
        onClick={(e) => setAnchor(e.currentTarget)}
        aria-label={`${fullName}, account menu`}
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
        aria-controls={anchor ? menuId : undefined}
        endIcon={<ExpandMoreIcon />}
        loading={logout.isPending}
        loadingPosition="end"
        sx={{ gap: 1, textTransform: 'none' }}
      >
        {/* The initials are drawn by CSS, not text: text, even aria-hidden, counts as visible label
            that the accessible name lacks (axe and Lighthouse: label-content-name-mismatch). */}
        <Avatar sx={{ width: 32, height: 32, fontSize: 14, bgcolor: 'primary.main' }} aria-hidden="true">
          <Box
            component="span"
            data-initials={initialsOf(user.firstName, user.lastName)}
            sx={{ '&::before': { content: 'attr(data-initials)' } }}
          />
        </Avatar>
        <Box component="span" sx={{ display: { xs: 'none', sm: 'inline' } }}>
          {fullName}
        </Box>
      </Button>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <MenuItem component={RouterLink} to="/my-account" onClick={() => setAnchor(null)}>
          <ListItemIcon>
            <AccountCircleOutlinedIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>My Account</ListItemText>
        </MenuItem>
        <Divider />
        <MenuItem
          onClick={() => {
            setAnchor(null);
            logout.mutate();
          }}
        >
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>Logout</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}

import { NavLink } from 'react-router';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import { usePermList } from '../../lib/use-can';
import { navItemsFor } from './nav-items';

interface SideNavProps {
  /** Icons only, each named by its tooltip. */
  isCollapsed: boolean;
  /** Called after a link is followed (the small-screen drawer closes). */
  onNavigate?: () => void;
}

/** The sidebar links the user may open; the one of the current page is highlighted (aria-current). */
export function SideNav({ isCollapsed, onNavigate }: SideNavProps) {
  const items = navItemsFor(usePermList());
  return (
    <List component="div" sx={{ px: 1 }}>
      {items.map((item) => {
        const link = (
          <ListItemButton
            key={item.to}
            component={NavLink}
            to={item.to}
            onClick={onNavigate}
            aria-label={isCollapsed ? item.label : undefined}
            sx={{
              borderRadius: 1,
              mb: 0.5,
              minHeight: 44,
              justifyContent: isCollapsed ? 'center' : 'flex-start',
              '&.active': {
                bgcolor: 'action.selected',
                color: 'primary.main',
                fontWeight: 600,
                '& .MuiListItemIcon-root': { color: 'primary.main' },
              },
            }}
          >
            <ListItemIcon sx={{ minWidth: isCollapsed ? 0 : 40 }}>{item.icon}</ListItemIcon>
            {!isCollapsed && (
              <ListItemText primary={item.label} slotProps={{ primary: { fontWeight: 'inherit' } }} />
            )}
          </ListItemButton>
        );
        return isCollapsed ? (
          <Tooltip key={item.to} title={item.label} placement="right" describeChild>
            {link}
          </Tooltip>
        ) : (
          link
        );
      })}
    </List>
  );
}

import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import type { RowAction } from './data-table.types';

interface RowActionsMenuProps<T> {
  row: T;
  /** Only the actions the user may take (already filtered by permission). */
  actions: readonly RowAction<T>[];
  label: string;
}

/** The per-row menu of the actions column. */
export function RowActionsMenu<T>({ row, actions, label }: RowActionsMenuProps<T>) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const shown = actions.filter((action) => !action.hidden?.(row));
  // A button that opens an empty menu is noise (issue 42 point 7): a row with nothing to offer has none.
  if (shown.length === 0) return null;
  return (
    <>
      <IconButton
        size="small"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={Boolean(anchor)}
        onClick={(e) => setAnchor(e.currentTarget)}
      >
        <MoreVertIcon fontSize="small" />
      </IconButton>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {shown.map((action) => {
          const reason = action.disabledReason?.(row);
          return (
            <MenuItem
              key={action.label}
              disabled={reason !== undefined || (action.disabled?.(row) ?? false)}
              // The reason stays readable: only the label is greyed.
              sx={reason === undefined ? undefined : { '&.Mui-disabled': { opacity: 1 } }}
              onClick={() => {
                setAnchor(null);
                action.onClick(row);
              }}
            >
              {action.icon && <ListItemIcon>{action.icon}</ListItemIcon>}
              {/* Why it is disabled, under its label: a disabled item shows no tooltip. */}
              <ListItemText
                primary={action.label}
                secondary={reason}
                slotProps={reason === undefined ? undefined : { primary: { color: 'text.disabled' } }}
              />
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}

import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import Divider from '@mui/material/Divider';
import ViewColumnOutlinedIcon from '@mui/icons-material/ViewColumnOutlined';
import type { DataTableColumn } from './data-table.types';

interface ColumnToggleProps<T> {
  columns: readonly DataTableColumn<T>[];
  hidden: ReadonlySet<string>;
  onToggle: (id: string) => void;
}

function CheckIcon({ isChecked }: { isChecked: boolean }) {
  // A picture of a checkbox: the menu item itself carries the checked state.
  return (
    <ListItemIcon>
      {isChecked ? (
        <CheckBoxIcon fontSize="small" color="primary" />
      ) : (
        <CheckBoxOutlineBlankIcon fontSize="small" />
      )}
    </ListItemIcon>
  );
}

/**
 * Shows and hides columns; the last visible column cannot be hidden. Columns hidden by default can also
 * be shown all at once ('Show hidden columns', clients-accounts-investments-reports.md 2).
 */
export function ColumnToggle<T>({ columns, hidden, onToggle }: ColumnToggleProps<T>) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const visibleCount = columns.filter((c) => !hidden.has(c.id)).length;
  const hiddenByDefault = columns.filter((c) => c.hiddenByDefault).map((c) => c.id);
  const isShowingHidden = hiddenByDefault.length > 0 && hiddenByDefault.every((id) => !hidden.has(id));
  const toggleHiddenColumns = () =>
    hiddenByDefault.filter((id) => hidden.has(id) !== isShowingHidden).forEach(onToggle);
  return (
    <>
      <Tooltip title="Show or hide columns">
        <IconButton
          aria-label="Show or hide columns"
          aria-haspopup="menu"
          aria-expanded={Boolean(anchor)}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <ViewColumnOutlinedIcon />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {hiddenByDefault.length > 0 && [
          <MenuItem
            key="show-hidden"
            role="menuitemcheckbox"
            aria-checked={isShowingHidden}
            onClick={toggleHiddenColumns}
            dense
          >
            <CheckIcon isChecked={isShowingHidden} />
            <ListItemText>Show hidden columns</ListItemText>
          </MenuItem>,
          <Divider key="divider" />,
        ]}
        {columns.map((column) => {
          const isVisible = !hidden.has(column.id);
          return (
            <MenuItem
              key={column.id}
              role="menuitemcheckbox"
              aria-checked={isVisible}
              disabled={isVisible && visibleCount === 1}
              onClick={() => onToggle(column.id)}
              dense
            >
              <CheckIcon isChecked={isVisible} />
              <ListItemText>{column.header}</ListItemText>
            </MenuItem>
          );
        })}
      </Menu>
    </>
  );
}

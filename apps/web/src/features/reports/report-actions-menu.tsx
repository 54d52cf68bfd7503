import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import MoreVertIcon from '@mui/icons-material/MoreVert';
import type { Permission } from '@tideline/contracts/access/permissions';
import { REPORT_MSG, type Report } from '@tideline/contracts/reports/reports.schemas';

export type ReportDialogKind = 'comment' | 'upload' | 'parameters' | 'finalize' | 'delete';

export interface ReportAction {
  kind: ReportDialogKind;
  label: string;
  /** Why the action cannot be taken on this report, shown under it; null when it can. */
  refusal: string | null;
}

const isGenerating = (r: Report) => r.generationStatus === 'queued' || r.generationStatus === 'running';

/**
 * The row menu of 'Reports List' (spec 4, 6), each entry with its permission: Edit Comment
 * (EDIT_REPORT_COMMENTS; View Comment with VIEW_REPORTS only), Upload and Complete (UPLOAD_REPORTS),
 * View Parameters (VIEW_REPORTS), Finalize or Unfinalize (FINALIZE_REPORTS), Delete
 * (DELETE_OPEN_REPORTS, refused once published).
 */
export function reportActionsOf(report: Report, can: (permission: Permission) => boolean): ReportAction[] {
  const actions: ReportAction[] = [];
  if (can('EDIT_REPORT_COMMENTS')) actions.push({ kind: 'comment', label: 'Edit Comment', refusal: null });
  else if (can('VIEW_REPORTS')) actions.push({ kind: 'comment', label: 'View Comment', refusal: null });
  if (can('UPLOAD_REPORTS'))
    actions.push({
      kind: 'upload',
      label: 'Upload and Complete',
      refusal: isGenerating(report) ? REPORT_MSG.stillGenerating : null,
    });
  if (can('VIEW_REPORTS')) actions.push({ kind: 'parameters', label: 'View Parameters', refusal: null });
  if (can('FINALIZE_REPORTS'))
    actions.push({ kind: 'finalize', label: report.finalized ? 'Unfinalize' : 'Finalize', refusal: null });
  if (can('DELETE_OPEN_REPORTS'))
    actions.push({
      kind: 'delete',
      label: 'Delete',
      refusal: report.published ? REPORT_MSG.publishedNoDelete : null,
    });
  return actions;
}

/**
 * The per-row menu. A refused entry stays in the menu, disabled, with its reason under it; it can still
 * take the keyboard's focus so a screen reader reads the reason.
 */
export function ReportActionsMenu({
  label,
  actions,
  onPick,
}: {
  label: string;
  actions: readonly ReportAction[];
  onPick: (kind: ReportDialogKind) => void;
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
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
      <Menu
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { disabledItemsFocusable: true } }}
      >
        {actions.map((action) => (
          <MenuItem
            key={action.kind}
            disabled={action.refusal !== null}
            onClick={() => {
              setAnchor(null);
              onPick(action.kind);
            }}
          >
            <ListItemText primary={action.label} secondary={action.refusal} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

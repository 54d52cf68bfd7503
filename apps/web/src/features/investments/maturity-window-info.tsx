import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import InfoOutlinedIcon from '@mui/icons-material/InfoOutlined';
import { maturityWindowLabel, type DayWindow } from './maturity-window';

/** The maturing widgets' info button: the window's date range in a tooltip (platform.md 2.5). */
export function MaturityWindowInfo({ window }: { window: DayWindow | undefined }) {
  const label = window ? maturityWindowLabel(window) : 'Maturing within the maturity limit';
  return (
    <Tooltip title={label}>
      <IconButton size="small" aria-label={label}>
        <InfoOutlinedIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

import { createTheme } from '@mui/material/styles';
import { focusFirstField } from '../lib/focus-first-field';

export const theme = createTheme({
  palette: {
    primary: { main: '#0b3d5c' },
    secondary: { main: '#1b7f99' },
    error: { main: '#c62828' },
    background: { default: '#f4f7f9' },
  },
  shape: { borderRadius: 8 },
  typography: {
    fontFamily: '"Inter", "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    // Issue 20 point 6: every dialog opens on its first field (a dialog may still set its own).
    MuiDialog: { defaultProps: { slotProps: { transition: { onEntered: focusFirstField } } } },
  },
});

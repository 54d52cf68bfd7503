import Box from '@mui/material/Box';
import type { SxProps, Theme } from '@mui/material/styles';
import type { ReactNode } from 'react';

/**
 * A box that scrolls what is too wide or too tall for it (a table in a widget or a dialog). It takes
 * the keyboard's focus and has a name, so someone without a mouse can scroll it with the arrow keys
 * (WCAG 2.1.1; axe's scrollable-region-focusable).
 */
export function ScrollRegion(props: { label: string; sx?: SxProps<Theme>; children: ReactNode }) {
  return (
    <Box
      role="region"
      aria-label={props.label}
      tabIndex={0}
      sx={[
        {
          overflow: 'auto',
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
        },
        ...(Array.isArray(props.sx) ? props.sx : [props.sx]),
      ]}
    >
      {props.children}
    </Box>
  );
}

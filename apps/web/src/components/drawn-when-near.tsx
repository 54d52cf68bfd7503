import { Suspense, useRef, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import { useNearViewport } from '../lib/use-near-viewport';

/**
 * `children` once the spot has come near the window (use-near-viewport.ts), `placeholder` (which may be
 * nothing) until then and while a lazy child's chunk loads.
 * A screen of many widgets (a client's summary on a phone) then fetches and draws those below the fold
 * as the user scrolls towards them instead of all at once while its first screen is drawn.
 */
export function DrawnWhenNear({
  placeholder,
  margin,
  children,
}: {
  placeholder: ReactNode;
  /** How near counts (use-near-viewport.ts's default: about a screen). */
  margin?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const isNear = useNearViewport(ref, margin);
  if (isNear) return <Suspense fallback={placeholder}>{children}</Suspense>;
  // As tall as its grid cell, like the card it stands for.
  return (
    <Box ref={ref} sx={{ height: '100%' }}>
      {placeholder}
    </Box>
  );
}

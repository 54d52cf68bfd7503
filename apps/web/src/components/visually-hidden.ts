/**
 * Read by screen readers, not shown. Sizes are strings: in `sx`, a number up to 1 is a fraction of
 * the parent (width: 1 is 100%), which made a hidden chart caption as wide as its figure and, being
 * unclipped by the layout, widened a phone's page.
 */
export const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

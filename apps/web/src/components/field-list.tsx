import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface FieldListProps {
  fields: readonly (readonly [string, ReactNode])[];
  'aria-label'?: string;
}

/** Label and value pairs of a card or profile, as a description list. */
export function FieldList({ fields, 'aria-label': ariaLabel }: FieldListProps) {
  return (
    <Box
      component="dl"
      aria-label={ariaLabel}
      sx={{
        display: 'grid',
        gridTemplateColumns: 'minmax(10rem, auto) 1fr',
        columnGap: 2,
        rowGap: 0.75,
        m: 0,
      }}
    >
      {fields.map(([label, value]) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0 }}>
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

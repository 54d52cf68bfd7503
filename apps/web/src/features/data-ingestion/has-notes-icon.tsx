import CommentOutlinedIcon from '@mui/icons-material/CommentOutlined';
import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** A name with the spec's comment icon when its report or batch has notes (spec 2). */
export function NameWithNotes({ name, hasNotes }: { name: ReactNode; hasNotes: boolean }) {
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
      {name}
      {hasNotes && <CommentOutlinedIcon fontSize="small" color="action" titleAccess="Has notes" role="img" />}
    </Box>
  );
}

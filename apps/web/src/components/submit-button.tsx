import Button from '@mui/material/Button';
import type { ReactNode } from 'react';

/** The full-width primary button that ends every sign-in and password form, with its pending state. */
export function SubmitButton({ isPending, children }: { isPending: boolean; children: ReactNode }) {
  return (
    <Button type="submit" variant="contained" size="large" fullWidth sx={{ mt: 2 }} loading={isPending}>
      {children}
    </Button>
  );
}

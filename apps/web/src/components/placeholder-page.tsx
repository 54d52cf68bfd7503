import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';

/** A protected route whose screen arrives in a later issue: its title and a plain notice. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <Paper component="section" sx={{ p: 4 }} aria-labelledby="page-title">
      <Typography id="page-title" variant="h4" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography color="text.secondary">This screen is not available yet.</Typography>
    </Paper>
  );
}

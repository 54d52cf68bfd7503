import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { SuggestedSubScore } from '@tideline/contracts/cash-vest/cash-vest-suggestion.schemas';
import { formatSuggestionInput } from './cash-vest-format';

/**
 * What the model suggests for one wizard page and why (issue 18 point 5): the score, the ratio in
 * words, each figure behind it, its notes, and what is missing when it cannot suggest.
 */
export function SuggestionDetails({
  suggestion,
  isLoading,
  onUse,
}: {
  suggestion: SuggestedSubScore | undefined;
  isLoading: boolean;
  /** Puts the suggested score in the field. */
  onUse: (score: number) => void;
}) {
  const titleId = useId();
  if (!suggestion)
    return (
      <Typography variant="body2" color="text.secondary">
        {isLoading ? 'Working out the suggestion…' : 'No suggestion: enter the date range first.'}
      </Typography>
    );
  const { score, ratio, formula, inputs, notes, missing, min, max } = suggestion;
  return (
    <Box component="section" aria-labelledby={titleId} aria-busy={isLoading}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography id={titleId} variant="subtitle2" component="h4">
          Suggested: {score === null ? '---' : `${score} (of ${min} to ${max})`}
        </Typography>
        {score !== null && (
          <Button size="small" onClick={() => onUse(score)}>
            Use suggestion
          </Button>
        )}
      </Stack>
      {missing.map((text) => (
        <Alert key={text} severity="warning" sx={{ mb: 1 }}>
          {text}
        </Alert>
      ))}
      <Typography variant="body2" color="text.secondary">
        {formula}
        {ratio !== null && ` = ${ratio.toFixed(4)}`}
      </Typography>
      {inputs.length > 0 && (
        <Table size="small" aria-label="The figures behind the suggestion" sx={{ mt: 1 }}>
          <TableBody>
            {inputs.map((input) => (
              <TableRow key={input.label}>
                <TableCell component="th" scope="row">
                  {input.label}
                </TableCell>
                <TableCell align="right">{formatSuggestionInput(input)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
      {notes.map((text) => (
        <Typography key={text} variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {text}
        </Typography>
      ))}
    </Box>
  );
}

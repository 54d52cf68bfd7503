import TextField from '@mui/material/TextField';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { REPORT_COMMENT_MAX } from '@tideline/contracts/reports/reports.schemas';

/**
 * The report's comment (spec 5 and 9): at most 200 characters, the 'Characters Left' counter under it
 * (announced politely as it changes), the validation message above the counter when there is one.
 */
export function ReportCommentField({
  registration,
  length,
  error,
  isReadOnly = false,
}: {
  registration: UseFormRegisterReturn;
  /** The current text's length. */
  length: number;
  error?: string;
  isReadOnly?: boolean;
}) {
  const left = Math.max(0, REPORT_COMMENT_MAX - length);
  return (
    <TextField
      {...registration}
      label="Comment"
      fullWidth
      multiline
      minRows={3}
      margin="normal"
      error={Boolean(error)}
      helperText={
        <>
          {error && (
            <>
              {error}
              <br />
            </>
          )}
          <span aria-live="polite">Characters Left: {left}</span>
        </>
      }
      slotProps={{
        htmlInput: { maxLength: REPORT_COMMENT_MAX, readOnly: isReadOnly },
      }}
    />
  );
}

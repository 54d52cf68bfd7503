import { useId, type ComponentProps } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { UseFormRegisterReturn } from 'react-hook-form';

type InputAttributes = ComponentProps<typeof OutlinedInput>['inputProps'];

interface FormTextFieldProps {
  registration: UseFormRegisterReturn;
  label: string;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  autoFocus?: boolean;
  /** The first value of a field no form library fills in (the sign-in form's). */
  defaultValue?: string;
  /** The validation message; shown in red under the field. */
  error?: string;
  /** A hint shown under the field, below the error when there is one. */
  helperText?: string;
  inputProps?: InputAttributes;
}

/**
 * An outlined text field for react-hook-form. Built from the input parts rather than MUI's TextField,
 * which always brings Select, Popover and Modal along and weighs on the first load of the sign-in route.
 */
export function FormTextField({
  registration,
  label,
  type = 'text',
  autoComplete,
  autoFocus,
  defaultValue,
  error,
  helperText,
  inputProps,
}: FormTextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error && errorId, helperText && hintId].filter(Boolean).join(' ');
  const { ref, ...field } = registration;
  return (
    <FormControl fullWidth margin="normal" error={Boolean(error)} variant="outlined">
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        {...field}
        inputRef={ref}
        id={id}
        type={type}
        label={label}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        defaultValue={defaultValue}
        inputProps={{
          ...inputProps,
          'aria-invalid': Boolean(error),
          'aria-describedby': describedBy || undefined,
        }}
      />
      {error && <FormHelperText id={errorId}>{error}</FormHelperText>}
      {helperText && (
        <FormHelperText id={hintId} error={false}>
          {helperText}
        </FormHelperText>
      )}
    </FormControl>
  );
}

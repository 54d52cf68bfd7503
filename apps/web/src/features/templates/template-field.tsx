import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import { Controller, useFormContext } from 'react-hook-form';
import type { TemplateFormValues } from './template-form-values';

type FieldName = `jsonTransform.0.${string}`;

function useFieldError(name: string): string | undefined {
  const {
    formState: { errors },
  } = useFormContext<TemplateFormValues>();
  const fields = errors.jsonTransform?.[0] as Record<string, { message?: string } | undefined> | undefined;
  return fields?.[name]?.message;
}

/** A column (or row) number of the jsonTransform object, kept as text; its message under it. */
export function TemplateField({
  name,
  label,
  hint,
  disabled,
  autoFocus,
}: {
  name: string;
  label: string;
  hint?: string;
  disabled?: boolean;
  autoFocus?: boolean;
}) {
  const { control } = useFormContext<TemplateFormValues>();
  const error = useFieldError(name);
  return (
    <Controller
      control={control}
      name={`jsonTransform.0.${name}` as FieldName}
      render={({ field }) => (
        <TextField
          fullWidth
          margin="dense"
          size="small"
          label={label}
          name={field.name}
          inputRef={field.ref}
          value={typeof field.value === 'string' ? field.value : ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          disabled={disabled}
          autoFocus={autoFocus}
          error={Boolean(error)}
          helperText={error ?? hint}
          slotProps={{ htmlInput: { maxLength: 120 } }}
        />
      )}
    />
  );
}

/** A flag of the jsonTransform object (sent as 1 when checked). */
export function TemplateFlag({ name, label }: { name: string; label: string }) {
  const { control } = useFormContext<TemplateFormValues>();
  return (
    <Controller
      control={control}
      name={`jsonTransform.0.${name}` as FieldName}
      render={({ field }) => (
        <FormControlLabel
          label={label}
          control={
            <Checkbox
              name={field.name}
              inputRef={field.ref}
              checked={field.value === true}
              onChange={(e) => field.onChange(e.target.checked)}
            />
          }
        />
      )}
    />
  );
}

import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';

export interface SelectOption {
  value: string | number;
  label: string;
}

interface ControlledSelectProps<V extends FieldValues> {
  control: Control<V>;
  name: FieldPath<V>;
  label: string;
  options: readonly SelectOption[];
  /** Called after the value changed, e.g. to clear a field that depends on it. */
  onChanged?: (value: string | number) => void;
  disabled?: boolean;
  helperText?: string;
}

/**
 * A select of a react-hook-form form: keyboard-operable (MUI Select), its error under it, numbers kept
 * as numbers. The list is at most 200px high (platform.md 9).
 */
export function ControlledSelect<V extends FieldValues>({
  control,
  name,
  label,
  options,
  onChanged,
  disabled,
  helperText,
}: ControlledSelectProps<V>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          select
          fullWidth
          margin="normal"
          label={label}
          name={field.name}
          inputRef={field.ref}
          value={field.value ?? ''}
          disabled={disabled}
          onBlur={field.onBlur}
          onChange={(event) => {
            const raw = event.target.value;
            const option = options.find((o) => String(o.value) === String(raw));
            const value = option ? option.value : raw;
            field.onChange(value);
            onChanged?.(value);
          }}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? helperText}
          slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 200 } } } } } }}
        >
          {options.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

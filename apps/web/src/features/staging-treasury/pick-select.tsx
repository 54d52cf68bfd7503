import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { STAGING_TREASURY_MSG as MSG } from '@tideline/contracts/staging-treasury/staging-treasury.schemas';

export interface PickOption {
  value: number;
  label: string;
}

interface PickSelectProps<V extends FieldValues> {
  control: Control<V>;
  name: FieldPath<V>;
  label: string;
  options: readonly PickOption[];
  /** 'Required!' when nothing is chosen (spec 5). */
  isRequired?: boolean;
  /** The blank choice of an optional pick (stored as null). */
  blankLabel?: string;
  /** Called after the user chose, e.g. to clear the sub category of a new category. */
  onChanged?: () => void;
  disabled?: boolean;
}

/**
 * A pick from one of the treasury lists (spec 7): ids kept as numbers, '' while nothing is chosen. The
 * list is at most 200px high (platform.md 9).
 */
export function PickSelect<V extends FieldValues>({
  control,
  name,
  label,
  options,
  isRequired = false,
  blankLabel,
  onChanged,
  disabled,
}: PickSelectProps<V>) {
  return (
    <Controller
      control={control}
      name={name}
      rules={{
        validate: (value) => (isRequired && (value === '' || value === null) ? MSG.required : true),
      }}
      render={({ field, fieldState }) => (
        <TextField
          select
          fullWidth
          margin="normal"
          label={label}
          name={field.name}
          inputRef={field.ref}
          // A value the list does not hold (yet) shows blank rather than an out-of-range select.
          value={options.some((o) => o.value === field.value) ? field.value : ''}
          disabled={disabled}
          onBlur={field.onBlur}
          onChange={(event) => {
            const raw = event.target.value;
            field.onChange(raw === '' ? (blankLabel === undefined ? '' : null) : Number(raw));
            onChanged?.();
          }}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
          slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 200 } } } } } }}
        >
          {blankLabel !== undefined && <MenuItem value="">{blankLabel}</MenuItem>}
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

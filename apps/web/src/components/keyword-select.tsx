import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import type { KeywordOption } from '@tideline/contracts/transactions/transactions.schemas';

interface KeywordSelectProps<V extends FieldValues, O> {
  control: Control<V, unknown, O>;
  name: FieldPath<V>;
  keywords: readonly KeywordOption[];
  /** The label of the blank choice ('None', or in a bulk edit 'No change'); no blank choice without it. */
  blankLabel?: string;
  /** What the blank choice stores: '' (nothing chosen) or null (no keyword). */
  blankValue?: '' | null;
}

/**
 * The keyword picker of the transaction and staging transaction forms (GET /api/transactions/keywords):
 * keyword ids kept as numbers.
 */
export function KeywordSelect<V extends FieldValues, O>({
  control,
  name,
  keywords,
  blankLabel,
  blankValue = '',
}: KeywordSelectProps<V, O>) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          select
          fullWidth
          margin="normal"
          label="Keyword"
          name={field.name}
          inputRef={field.ref}
          value={field.value ?? ''}
          onBlur={field.onBlur}
          onChange={(e) => field.onChange(e.target.value === '' ? blankValue : Number(e.target.value))}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
          slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 200 } } } } } }}
        >
          {blankLabel !== undefined && <MenuItem value="">{blankLabel}</MenuItem>}
          {keywords.map((k) => (
            <MenuItem key={k.value} value={k.value}>
              {k.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

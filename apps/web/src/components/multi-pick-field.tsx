import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import TextField from '@mui/material/TextField';

export interface PickOption {
  id: number;
  label: string;
}

interface MultiPickFieldProps {
  label: string;
  options: readonly PickOption[];
  value: readonly number[];
  onChange: (ids: number[]) => void;
  isLoading?: boolean;
  error?: string;
  /** Shown but not changeable (the user may see the choice, not make it). */
  disabled?: boolean;
}

/** A controlled multi-select with checkboxes (note categories and tags, assignees, client association); lists 200px high (spec 9). */
export function MultiPickField({
  label,
  options,
  value,
  onChange,
  isLoading,
  error,
  disabled,
}: MultiPickFieldProps) {
  const selected = options.filter((o) => value.includes(o.id));
  return (
    <Autocomplete
      multiple
      disableCloseOnSelect
      options={options}
      value={selected}
      loading={isLoading}
      disabled={disabled}
      getOptionLabel={(o) => o.label}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      onChange={(_event, picked) => onChange(picked.map((o) => o.id))}
      slotProps={{ listbox: { style: { maxHeight: 200 } } }}
      renderOption={({ key, ...props }, option, { selected: isSelected }) => (
        <li key={key} {...props}>
          <Checkbox size="small" checked={isSelected} sx={{ mr: 1 }} tabIndex={-1} />
          {option.label}
        </li>
      )}
      renderInput={(params) => (
        <TextField {...params} label={label} margin="normal" error={Boolean(error)} helperText={error} />
      )}
    />
  );
}

/** The picker's choices plus the record's own ones the list no longer offers (a deactivated category). */
export function withSaved(
  options: readonly PickOption[],
  savedIds: readonly number[],
  savedLabels: readonly string[],
): PickOption[] {
  const known = new Set(options.map((o) => o.id));
  const saved = savedIds
    .map((id, i) => ({ id, label: savedLabels[i] ?? String(id) }))
    .filter((o) => !known.has(o.id));
  return [...options, ...saved];
}

import { useId } from 'react';
import Box from '@mui/material/Box';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import type { FilterDefinition } from './data-table.types';
import { findPickerLimits } from '../date-limits';
import type { DateRangeDraft, DraftValue, RangeDraft } from './filter-draft';

interface FilterFieldProps<T> {
  definition: FilterDefinition<T>;
  /** Shown but not usable (its enabledWhen is false); its value is not applied. */
  isDisabled?: boolean;
  value: DraftValue;
  errors?: { low: string | null; high: string | null };
  onChange: (value: DraftValue) => void;
  onBlur: () => void;
}

// platform.md 5: a select list is at most 200px high.
const MENU_PROPS = { slotProps: { paper: { sx: { maxHeight: 200 } } } };

function RangeGroup({
  label,
  disabled = false,
  children,
}: {
  label: string;
  disabled?: boolean;
  children: React.ReactNode;
}) {
  const labelId = useId();
  return (
    <Box role="group" aria-labelledby={labelId} aria-disabled={disabled || undefined}>
      <Typography
        id={labelId}
        variant="subtitle2"
        component="p"
        sx={{ mb: 1, color: disabled ? 'text.disabled' : undefined }}
      >
        {label}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2 }}>{children}</Box>
    </Box>
  );
}

function RadioFilter({
  label,
  options,
  value,
  onChange,
  disabled,
}: {
  label: string;
  options: readonly { value: string | number; label: string }[];
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
}) {
  const labelId = useId();
  return (
    <FormControl disabled={disabled}>
      <FormLabel id={labelId}>{label}</FormLabel>
      <RadioGroup aria-labelledby={labelId} value={value} onChange={(e) => onChange(e.target.value)}>
        {options.map((o) => (
          <FormControlLabel
            key={String(o.value)}
            value={String(o.value)}
            control={<Radio />}
            label={o.label}
          />
        ))}
      </RadioGroup>
    </FormControl>
  );
}

/** One input of the Set Filters dialog, by kind (platform.md 2.9). */
export function FilterField<T>({
  definition,
  isDisabled: disabled = false,
  value,
  errors,
  onChange,
  onBlur,
}: FilterFieldProps<T>) {
  const { label, kind, options = [] } = definition;
  switch (kind) {
    case 'number':
    case 'money': {
      const range = value as RangeDraft;
      const inputMode = 'decimal' as const;
      return (
        <RangeGroup label={label} disabled={disabled}>
          <TextField
            label="Low"
            size="small"
            value={range.low}
            onChange={(e) => onChange({ ...range, low: e.target.value })}
            onBlur={onBlur}
            error={Boolean(errors?.low)}
            helperText={errors?.low ?? undefined}
            slotProps={{ htmlInput: { inputMode } }}
            disabled={disabled}
            fullWidth
          />
          <TextField
            label="High"
            size="small"
            value={range.high}
            onChange={(e) => onChange({ ...range, high: e.target.value })}
            onBlur={onBlur}
            error={Boolean(errors?.high)}
            helperText={errors?.high ?? undefined}
            slotProps={{ htmlInput: { inputMode } }}
            disabled={disabled}
            fullWidth
          />
        </RangeGroup>
      );
    }
    case 'dateRange': {
      const range = value as DateRangeDraft;
      // platform.md 5: the pickers offer 20 years back and forward (a typed date beyond is refused).
      const limits = findPickerLimits();
      return (
        <RangeGroup label={label} disabled={disabled}>
          <TextField
            label="From"
            type="date"
            size="small"
            value={range.from}
            onChange={(e) => onChange({ ...range, from: e.target.value })}
            onBlur={onBlur}
            error={Boolean(errors?.low)}
            helperText={errors?.low ?? undefined}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: limits }}
            disabled={disabled}
            fullWidth
          />
          <TextField
            label="To"
            type="date"
            size="small"
            value={range.to}
            onChange={(e) => onChange({ ...range, to: e.target.value })}
            onBlur={onBlur}
            error={Boolean(errors?.high)}
            helperText={errors?.high ?? undefined}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: limits }}
            disabled={disabled}
            fullWidth
          />
        </RangeGroup>
      );
    }
    case 'select':
    case 'boolean': {
      const choices =
        kind === 'boolean'
          ? [
              { value: 'true', label: 'Yes' },
              { value: 'false', label: 'No' },
            ]
          : options;
      return (
        <TextField
          select
          label={label}
          size="small"
          value={value as string}
          onChange={(e) => onChange(e.target.value)}
          slotProps={{ select: { MenuProps: MENU_PROPS } }}
          disabled={disabled}
          fullWidth
        >
          <MenuItem value="">Any</MenuItem>
          {choices.map((o) => (
            <MenuItem key={String(o.value)} value={String(o.value)}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      );
    }
    case 'radio':
      return (
        <RadioFilter
          label={label}
          options={options}
          value={value as string}
          onChange={onChange}
          disabled={disabled}
        />
      );
    case 'multiSelect': {
      const selected = value as string[];
      const labelOf = (v: string) => options.find((o) => String(o.value) === v)?.label ?? v;
      return (
        <TextField
          select
          label={label}
          size="small"
          value={selected}
          onChange={(e) => {
            const next = e.target.value as unknown as string[] | string;
            onChange(typeof next === 'string' ? next.split(',') : next);
          }}
          slotProps={{
            select: {
              multiple: true,
              MenuProps: MENU_PROPS,
              renderValue: (v) => (v as string[]).map(labelOf).join(', '),
            },
          }}
          disabled={disabled}
          fullWidth
        >
          {options.map((o) => (
            <MenuItem key={String(o.value)} value={String(o.value)}>
              {/* A picture only: the option itself carries aria-selected. */}
              <ListItemIcon>
                {selected.includes(String(o.value)) ? (
                  <CheckBoxIcon fontSize="small" color="primary" />
                ) : (
                  <CheckBoxOutlineBlankIcon fontSize="small" />
                )}
              </ListItemIcon>
              <ListItemText primary={o.label} />
            </MenuItem>
          ))}
        </TextField>
      );
    }
    case 'text':
      return (
        <TextField
          label={label}
          size="small"
          value={value as string}
          onChange={(e) => onChange(e.target.value)}
          slotProps={{ htmlInput: { maxLength: 120 } }}
          disabled={disabled}
          fullWidth
        />
      );
  }
}

import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { Controller, useFormContext } from 'react-hook-form';
import {
  DATE_FORMATS,
  type DateFormat,
  type DecimalSeparator,
} from '@tideline/contracts/templates/template-fields';
import type { TemplateFormValues } from './template-form-values';

type FieldName = `jsonTransform.0.${string}`;

const DATE_FORMAT_LABELS: Record<DateFormat, string> = {
  Auto: 'Auto (from the file)',
  'MM/DD/YYYY': 'MM/DD/YYYY',
  'DD/MM/YYYY': 'DD/MM/YYYY',
  'YYYY-MM-DD': 'YYYY-MM-DD',
  'DD-Mon-YYYY': 'DD-Mon-YYYY',
  'Excel serial': 'Excel serial number',
};
const DATE_FORMAT_OPTIONS = DATE_FORMATS.map((value) => ({ value, label: DATE_FORMAT_LABELS[value] }));

const DECIMAL_SEPARATOR_OPTIONS: { value: DecimalSeparator; label: string }[] = [
  { value: 'dot', label: 'Dot (1,234.56)' },
  { value: 'comma', label: 'Comma (1.234,56)' },
];

/** A choice of the jsonTransform object, kept as its text value; its message under it. */
function TemplateChoice({
  name,
  label,
  hint,
  options,
}: {
  name: string;
  label: string;
  hint: string;
  options: readonly { value: string; label: string }[];
}) {
  const { control } = useFormContext<TemplateFormValues>();
  return (
    <Controller
      control={control}
      name={`jsonTransform.0.${name}` as FieldName}
      render={({ field, fieldState }) => (
        <TextField
          select
          fullWidth
          margin="dense"
          size="small"
          label={label}
          name={field.name}
          inputRef={field.ref}
          value={typeof field.value === 'string' ? field.value : options[0]!.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message ?? hint}
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

/** How the file writes dates (issue 15): Auto reads the order from the file and says when it cannot. */
export function DateFormatField() {
  return (
    <TemplateChoice
      name="dateFormat"
      label="Date Format"
      hint="Auto refuses a file whose dates could be day/month or month/day"
      options={DATE_FORMAT_OPTIONS}
    />
  );
}

export function DecimalSeparatorField() {
  return (
    <TemplateChoice
      name="decimalSeparator"
      label="Decimal Separator"
      hint="How the file writes amounts"
      options={DECIMAL_SEPARATOR_OPTIONS}
    />
  );
}

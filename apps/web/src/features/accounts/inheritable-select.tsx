import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';

/** Spec 4: shown when the account follows a default that does not exist. */
export const NOT_SET = 'Not set';

interface InheritableSelectProps {
  label: string;
  name: string;
  /** The account's own value; null follows the default. */
  value: string | number | null;
  options: readonly { value: string | number; label: string }[];
  /** What the default reads as; null is 'Not set'. */
  defaultLabel: string | null;
  onChange: (value: string | number | null) => void;
  error?: string;
}

/**
 * A select that either follows the client/bank default or holds a custom value (spec 3, 4: collection
 * type and data gathering frequency). Reset returns to the default.
 */
export function InheritableSelect({
  label,
  name,
  value,
  options,
  defaultLabel,
  onChange,
  error,
}: InheritableSelectProps) {
  const isCustom = value !== null;
  const inherited = defaultLabel === null ? NOT_SET : `${defaultLabel} (default)`;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
      <TextField
        select
        fullWidth
        margin="normal"
        label={label}
        name={name}
        value={value ?? ''}
        onChange={(e) => {
          const raw = e.target.value;
          const chosen = options.find((o) => String(o.value) === String(raw));
          onChange(chosen ? chosen.value : null);
        }}
        error={Boolean(error)}
        helperText={error ?? (isCustom ? 'Custom' : 'Follows the client/bank default')}
        slotProps={{
          inputLabel: { shrink: true },
          select: {
            displayEmpty: true,
            renderValue: (v) =>
              v === '' ? inherited : (options.find((o) => String(o.value) === String(v))?.label ?? String(v)),
            MenuProps: { slotProps: { paper: { sx: { maxHeight: 200 } } } },
          },
        }}
      >
        {options.map((o) => (
          <MenuItem key={o.value} value={o.value}>
            {o.label}
          </MenuItem>
        ))}
      </TextField>
      <Button
        sx={{ mt: 3 }}
        onClick={() => onChange(null)}
        disabled={!isCustom}
        aria-label={`Reset ${label}`}
      >
        Reset
      </Button>
    </Stack>
  );
}

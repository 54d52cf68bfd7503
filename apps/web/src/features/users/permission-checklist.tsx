import { memo, useCallback, useEffect, useRef } from 'react';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { PERMISSION_AREAS } from '@tideline/contracts/access/permissions';

interface PermissionChecklistProps {
  value: readonly string[];
  onChange: (permissions: string[]) => void;
  isReadOnly?: boolean;
}

// Words the spec spells its own way (style.md "Names and comments").
const SPELLINGS: Record<string, string> = { Mfa: 'MFA', 'Cash Vest': 'cashVest' };

/** VIEW_CASH_VEST_SCORES -> View cashVest Scores; RESET_MFA -> Reset MFA. */
export function labelOfPermission(permission: string): string {
  const words = permission
    .toLowerCase()
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
  return Object.entries(SPELLINGS).reduce((text, [from, to]) => text.replace(from, to), words);
}

interface AreaBlockProps {
  area: string;
  permissions: readonly string[];
  /** The held permissions of this area, comma-joined: a click re-renders only the area it changed. */
  heldKey: string;
  isReadOnly: boolean;
  onToggle: (permission: string, isOn: boolean) => void;
  onToggleArea: (permissions: readonly string[], isOn: boolean) => void;
}

const AreaBlock = memo(function AreaBlock({
  area,
  permissions,
  heldKey,
  isReadOnly,
  onToggle,
  onToggleArea,
}: AreaBlockProps) {
  const held = new Set(heldKey ? heldKey.split(',') : []);
  const count = held.size;
  return (
    <Paper variant="outlined" component="fieldset" sx={{ m: 0, px: 2, py: 1 }}>
      <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
        {`${area} (${count}/${permissions.length})`}
      </Typography>
      <FormControlLabel
        label="Select all"
        disabled={isReadOnly}
        control={
          <Checkbox
            size="small"
            checked={count === permissions.length}
            indeterminate={count > 0 && count < permissions.length}
            onChange={(event) => onToggleArea(permissions, event.target.checked)}
            slotProps={{ input: { 'aria-label': `Select all ${area}` } }}
          />
        }
      />
      <FormGroup sx={{ pl: 3 }}>
        {permissions.map((permission) => (
          <FormControlLabel
            key={permission}
            label={labelOfPermission(permission)}
            title={permission}
            disabled={isReadOnly}
            control={
              <Checkbox
                size="small"
                checked={held.has(permission)}
                onChange={(event) => onToggle(permission, event.target.checked)}
              />
            }
          />
        ))}
      </FormGroup>
    </Paper>
  );
});

/** The permission catalogue as checkboxes, one block per area with a select-all (permissions.md). */
export function PermissionChecklist({ value, onChange, isReadOnly = false }: PermissionChecklistProps) {
  // The handlers read the latest value through a ref, so they stay the same and the blocks can skip.
  const valueRef = useRef(value);
  useEffect(() => {
    valueRef.current = value;
  }, [value]);
  const onToggle = useCallback(
    (permission: string, isOn: boolean) => {
      const current = valueRef.current;
      onChange(isOn ? [...current, permission] : current.filter((p) => p !== permission));
    },
    [onChange],
  );
  const onToggleArea = useCallback(
    (permissions: readonly string[], isOn: boolean) => {
      const current = valueRef.current;
      onChange(
        isOn
          ? [...current, ...permissions.filter((p) => !current.includes(p))]
          : current.filter((p) => !permissions.includes(p)),
      );
    },
    [onChange],
  );
  const held = new Set(value);

  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)', lg: 'repeat(3, 1fr)' },
      }}
    >
      {PERMISSION_AREAS.map(({ area, permissions }) => (
        <AreaBlock
          key={area}
          area={area}
          permissions={permissions}
          heldKey={permissions.filter((p) => held.has(p)).join(',')}
          isReadOnly={isReadOnly}
          onToggle={onToggle}
          onToggleArea={onToggleArea}
        />
      ))}
    </Box>
  );
}

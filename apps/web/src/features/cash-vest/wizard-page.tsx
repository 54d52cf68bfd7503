import { Controller, type Control } from 'react-hook-form';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import type { CASH_VEST_SUB_SCORES } from '@tideline/contracts/cash-vest/cash-vest.schemas';
import { POLICY_CHECKLIST } from '@tideline/contracts/cash-vest/cash-vest.schemas';
import type { SuggestedSubScore } from '@tideline/contracts/cash-vest/cash-vest-suggestion.schemas';
import { ControlledSelect } from '../../components/controlled-select';
import { SuggestionDetails } from './suggestion-details';
import type { WizardValues } from './wizard-values';

type SubScoreDef = (typeof CASH_VEST_SUB_SCORES)[number];

/** Spec 5: the whole numbers of the range, the suggested one marked. */
function scoreOptions(def: SubScoreDef, suggested: number | null) {
  return Array.from({ length: def.max - def.min + 1 }, (_, i) => def.min + i).map((value) => ({
    value,
    label: value === suggested ? `${value} (suggested)` : String(value),
  }));
}

/**
 * One page of the wizard: the sub-score chosen among the whole numbers of its range, its commentary
 * (optional), and the suggestion beside it; the Investment Policy page also has the policy checklist
 * the suggestion reads.
 */
export function WizardPage({
  def,
  control,
  suggestion,
  isSuggesting,
  onUseSuggestion,
}: {
  def: SubScoreDef;
  control: Control<WizardValues>;
  suggestion: SuggestedSubScore | undefined;
  isSuggesting: boolean;
  onUseSuggestion: (score: number) => void;
}) {
  return (
    <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
      <Box>
        <ControlledSelect
          control={control}
          name={def.key}
          label={`${def.title} (${def.min} to ${def.max})`}
          options={scoreOptions(def, suggestion?.score ?? null)}
        />
        <Controller
          control={control}
          name={def.comments}
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              label={`${def.title} Commentary`}
              multiline
              minRows={3}
              fullWidth
              margin="normal"
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message ?? 'Optional.'}
              slotProps={{ htmlInput: { maxLength: 2000 } }}
            />
          )}
        />
        {def.key === 'investment' && (
          <FormGroup sx={{ mt: 1 }}>
            <FormLabel component="legend">Investment policy checklist</FormLabel>
            {POLICY_CHECKLIST.map((item) => (
              <Controller
                key={item.key}
                control={control}
                name={`policyChecklist.${item.key}`}
                render={({ field }) => (
                  <FormControlLabel
                    label={item.label}
                    control={
                      <Checkbox
                        checked={Boolean(field.value)}
                        onChange={(e) => field.onChange(e.target.checked)}
                        onBlur={field.onBlur}
                        inputRef={field.ref}
                      />
                    }
                  />
                )}
              />
            ))}
          </FormGroup>
        )}
      </Box>
      <SuggestionDetails suggestion={suggestion} isLoading={isSuggesting} onUse={onUseSuggestion} />
    </Box>
  );
}

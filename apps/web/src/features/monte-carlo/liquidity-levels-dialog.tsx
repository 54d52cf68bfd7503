import { useId, useState } from 'react';
import { useForm, useWatch, type Control, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { enqueueSnackbar } from '../../lib/toast-host';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  LEVEL_AMOUNT_PATTERN,
  LIQUIDITY_AMOUNT_FIELDS,
  LIQUIDITY_LEVEL_TERMS,
  LIQUIDITY_LEVELS_MSG,
  LiquidityLevelsFormSchema,
  type LiquidityDateRange,
  type LiquidityLevels,
  type LiquidityLevelsFormParsed,
} from '@tideline/contracts/monte-carlo/liquidity-levels.schemas';
import { ControlledSelect } from '../../components/controlled-select';
import { failureMessage, showFieldErrors } from '../../lib/api-messages';
import { formatCurrency } from '../../lib/format';
import { useSaveLiquidityLevels } from './monte-carlo.mutations';
import { monteCarloQueries } from './monte-carlo.queries';

interface LevelsValues {
  levelOne: string;
  levelTwo: string;
  levelThree: string;
  levelFour: string;
  levelFive: string;
  cushion: string;
  shortTermDollars: string;
  dateRange: LiquidityDateRange;
}
const FIELDS = [...LIQUIDITY_AMOUNT_FIELDS, 'shortTermDollars', 'dateRange'] as const;
const DATE_RANGE_OPTIONS = [
  { value: 6, label: '6 months' },
  { value: 12, label: '12 months' },
];
const resolver = zodResolver(LiquidityLevelsFormSchema) as unknown as Resolver<
  LevelsValues,
  unknown,
  LiquidityLevelsFormParsed
>;

const amountText = (value: number) => value.toFixed(2);
const valuesOf = (levels: LiquidityLevels): LevelsValues => ({
  levelOne: amountText(levels.levelOne),
  levelTwo: amountText(levels.levelTwo),
  levelThree: amountText(levels.levelThree),
  levelFour: amountText(levels.levelFour),
  levelFive: amountText(levels.levelFive),
  cushion: amountText(levels.cushion),
  shortTermDollars: amountText(levels.shortTermDollars),
  dateRange: levels.dateRange,
});
const toCents = (text: string) =>
  LEVEL_AMOUNT_PATTERN.test(text.trim()) ? Math.round(Number(text) * 100) : null;

/**
 * Set Liquidity Levels (spec 2, 4, 5): levelOne to levelFive (each with its horizon) and the cushion,
 * shortTermDollars (level one + level two), and the duration range of the default cushion, 6 or 12
 * months. Restore Defaults reloads the computed values of that range from the server. The server holds
 * the model's rule: the levels and the cushion add up to the balance on the end date.
 */
export function LiquidityLevelsDialog({
  name,
  levels,
  onClose,
}: {
  name: string;
  levels: LiquidityLevels;
  onClose: () => void;
}) {
  const titleId = useId();
  const queryClient = useQueryClient();
  const save = useSaveLiquidityLevels();
  const [isRestoring, setIsRestoring] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    reset,
    getValues,
    setValue,
    setError,
    formState: { errors },
  } = useForm<LevelsValues, unknown, LiquidityLevelsFormParsed>({
    resolver,
    defaultValues: valuesOf(levels),
  });
  const values = useWatch({ control }) as LevelsValues;
  const totalCents = LIQUIDITY_AMOUNT_FIELDS.reduce<number | null>((sum, field) => {
    const cents = toCents(values[field] ?? '');
    return sum === null || cents === null ? null : sum + cents;
  }, 0);
  const balanceCents = Math.round(levels.startBalance * 100);

  // shortTermDollars follows level one and level two as they are typed.
  const syncShortTerm = () => {
    const [one, two] = [toCents(getValues('levelOne')), toCents(getValues('levelTwo'))];
    if (one !== null && two !== null) setValue('shortTermDollars', ((one + two) / 100).toFixed(2));
  };

  const restoreDefaults = async () => {
    setIsRestoring(true);
    try {
      const defaults = await queryClient.fetchQuery(
        monteCarloQueries.defaultLevels(levels.monteCarloId, getValues('dateRange')),
      );
      reset(valuesOf(defaults));
    } catch (error) {
      enqueueSnackbar(failureMessage(error, LIQUIDITY_LEVELS_MSG.resetFailed), { variant: 'error' });
    } finally {
      setIsRestoring(false);
    }
  };

  const submit = (parsed: LiquidityLevelsFormParsed) =>
    save.mutate(
      { groupId: levels.accountGroupId, levels: { ...parsed, monteCarloId: levels.monteCarloId } },
      {
        onSuccess: ({ msg }) => {
          enqueueSnackbar(msg, { variant: 'success' });
          onClose();
        },
        onError: (error) => {
          showFieldErrors(error, FIELDS, setError, 'monteCarlo');
          enqueueSnackbar(failureMessage(error, LIQUIDITY_LEVELS_MSG.updateFailed), { variant: 'error' });
        },
      },
    );

  const amountField = (
    field: (typeof LIQUIDITY_AMOUNT_FIELDS)[number] | 'shortTermDollars',
    label: string,
  ) => (
    <TextField
      key={field}
      {...register(field, field === 'levelOne' || field === 'levelTwo' ? { onChange: syncShortTerm } : {})}
      label={label}
      fullWidth
      margin="dense"
      error={Boolean(errors[field])}
      helperText={errors[field]?.message}
      slotProps={{ htmlInput: { inputMode: 'decimal', maxLength: 20 } }}
    />
  );

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Set Liquidity Levels</DialogTitle>
      <Box component="form" noValidate onSubmit={handleSubmit(submit)}>
        <DialogContent sx={{ pt: 0 }}>
          <Typography variant="body2" color="text.secondary">
            {name}: the five levels and the cushion add up to the balance on the end date,{' '}
            {formatCurrency(levels.startBalance)}.
          </Typography>
          <ControlledSelect
            control={control as unknown as Control<LevelsValues>}
            name="dateRange"
            label="Duration Range"
            options={DATE_RANGE_OPTIONS}
            helperText="The months the default cushion looks back over."
          />
          {LIQUIDITY_LEVEL_TERMS.map((term) => amountField(term.field, `${term.label} (${term.horizon})`))}
          {amountField('cushion', 'Cushion')}
          {amountField('shortTermDollars', 'Short Term Dollars (Level One + Level Two)')}
          <Typography
            variant="body2"
            role="status"
            color={totalCents === balanceCents ? 'text.secondary' : 'warning.main'}
            sx={{ mt: 1 }}
          >
            {totalCents === null
              ? 'Levels and cushion: enter every amount.'
              : `Levels and cushion: ${formatCurrency(totalCents / 100)} of ${formatCurrency(levels.startBalance)}.`}
          </Typography>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => void restoreDefaults()} loading={isRestoring} disabled={save.isPending}>
            Restore Defaults
          </Button>
          <Box sx={{ flex: 1 }} />
          <Button onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" loading={save.isPending}>
            Save
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

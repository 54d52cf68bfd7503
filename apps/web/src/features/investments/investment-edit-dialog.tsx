import { useId, useState } from 'react';
import { useForm, type FieldPath } from 'react-hook-form';
import { zodResolver } from '../../lib/zod-resolver';
import { useQuery } from '@tanstack/react-query';
import { enqueueSnackbar } from '../../lib/toast-host';
import type { z } from 'zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  FUND_MAX_LENGTH,
  INVESTMENT_MSG,
  InvestmentInputSchema,
  isCallDateMissing,
  type Investment,
  type InvestmentInput,
} from '@tideline/contracts/investments/investments.schemas';
import { MSG } from '@tideline/contracts/common/messages';
import { ControlledSelect } from '../../components/controlled-select';
import { findPickerLimits, withDateLimits } from '../../components/date-limits';
import { FieldList } from '../../components/field-list';
import { failureMessage, fieldErrorsOf } from '../../lib/api-messages';
import { formatCurrency, formatDaysUntilMaturity } from '../../lib/format';
import { useUpdateInvestment } from './investments.mutations';
import { investmentQueries } from './investments.queries';

// What the inputs hold: text as typed (numbers included) and the type's id; the schema parses them.
type EditForm = InvestmentInput;
const FIELDS = [
  'faceValue',
  'settlementAmount',
  'interestRate',
  'couponRate',
  'maturityDate',
  'callDate',
  'settlementDate',
  'investmentTypeId',
  'fund',
  'investmentId',
] as const satisfies readonly FieldPath<EditForm>[];

const DATE_FIELDS = ['settlementDate', 'maturityDate', 'callDate'] as const;

function valuesOf(investment: Investment): EditForm {
  return {
    faceValue: investment.faceValue.toFixed(2),
    settlementAmount: investment.settlementAmount.toFixed(2),
    // Rates with 4 decimals, as the tables show them (spec 9).
    interestRate: investment.interestRate.toFixed(4),
    couponRate: investment.couponRate === null ? '' : investment.couponRate.toFixed(4),
    maturityDate: investment.maturityDate,
    callDate: investment.callDate ?? '',
    settlementDate: investment.settlementDate,
    investmentTypeId: investment.investmentTypeId,
    fund: investment.fund ?? '',
    investmentId: investment.investmentId ?? '',
  };
}

/** The fields the server computes (spec 3), shown read-only and refreshed by each save. */
function DerivedFields({ investment }: { investment: Investment }) {
  return (
    <Box component="section" aria-label="Calculated fields" sx={{ mt: 2 }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1 }}>
        Calculated by Tideline
      </Typography>
      <FieldList
        fields={[
          ['Client/Account Relationship', investment.clientAccountRelationship],
          ['Bank', investment.bank ?? '---'],
          ['Days Until Maturity', formatDaysUntilMaturity(investment.daysUntilMaturity)],
          ['Interest at Maturity', formatCurrency(investment.interestAtMaturity)],
          ['Premium or Discount', investment.premiumDiscount ?? '---'],
          ['Liquidity Level', investment.liquidityLevel === null ? '---' : String(investment.liquidityLevel)],
        ]}
      />
    </Box>
  );
}

interface InvestmentEditDialogProps {
  investment: Investment;
  onClose: () => void;
}

/**
 * Edit Investment (EDIT_INVESTMENTS, spec 2 and 5): at least 1200px wide. Saving keeps the dialog open
 * and shows the server's recalculated fields; the lists behind it refresh too.
 */
export function InvestmentEditDialog({ investment, onClose }: InvestmentEditDialogProps) {
  const titleId = useId();
  const [saved, setSaved] = useState(investment);
  const types = useQuery(investmentQueries.types());
  const update = useUpdateInvestment();
  // Issue 20 point 1: a call date is required for callable types only (the server checks it too).
  const typeOf = (id: unknown) => types.data?.find((t) => t.value === Number(id));
  // platform.md 5: the date pickers offer 20 years back and forward; a date typed beyond is refused.
  const [limits] = useState(() => findPickerLimits());
  const schema = InvestmentInputSchema.superRefine((i, ctx) => {
    if (isCallDateMissing(i.callDate, typeOf(i.investmentTypeId)))
      ctx.addIssue({ code: 'custom', path: ['callDate'], message: MSG.required });
  });
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    watch,
    formState: { errors, isDirty },
  } = useForm<EditForm, unknown, z.output<typeof InvestmentInputSchema>>({
    resolver: withDateLimits(zodResolver(schema), DATE_FIELDS, limits),
    defaultValues: valuesOf(investment),
  });
  const isCallable = Boolean(typeOf(watch('investmentTypeId'))?.callable);

  // Only active types are offered; the investment's own type stays shown even when inactive, so the
  // server can say 'Selected investment type is not active.' if it is kept.
  const typeOptions = [...(types.data ?? [])];
  if (!typeOptions.some((o) => o.value === saved.investmentTypeId))
    typeOptions.unshift({
      value: saved.investmentTypeId,
      label: `${saved.investmentTypeName} (inactive)`,
      callable: false,
    });

  const submit = (values: z.output<typeof InvestmentInputSchema>) =>
    update.mutate(
      { id: investment.id, investment: values },
      {
        onSuccess: (answer) => {
          enqueueSnackbar(answer.msg || INVESTMENT_MSG.updated, { variant: 'success' });
          setSaved(answer.investment);
          reset(valuesOf(answer.investment));
        },
        onError: (error) => {
          const fieldErrors = fieldErrorsOf(error, 'investment');
          for (const field of FIELDS)
            if (fieldErrors[field]) setError(field, { message: fieldErrors[field] });
          enqueueSnackbar(failureMessage(error, INVESTMENT_MSG.editFailed), { variant: 'error' });
        },
      },
    );

  const text = (
    name: (typeof FIELDS)[number],
    label: string,
    extra: { type?: string; max?: number; required?: boolean } = {},
  ) => (
    <TextField
      {...register(name)}
      label={label}
      type={extra.type}
      required={extra.required}
      fullWidth
      margin="normal"
      error={Boolean(errors[name])}
      helperText={errors[name]?.message}
      slotProps={{
        htmlInput:
          extra.type === 'date'
            ? limits
            : { maxLength: extra.max ?? 40, inputMode: extra.type ? undefined : 'decimal' },
        inputLabel: extra.type === 'date' ? { shrink: true } : undefined,
      }}
    />
  );

  return (
    <Dialog
      open
      onClose={onClose}
      aria-labelledby={titleId}
      maxWidth={false}
      // Spec 2: at least 1200px wide, as far as the window allows.
      slotProps={{
        paper: { sx: { width: '100%', minWidth: 'min(1200px, calc(100vw - 64px))', maxWidth: 1400 } },
      }}
    >
      <DialogTitle id={titleId}>Edit Investment</DialogTitle>
      <Box component="form" noValidate onSubmit={handleSubmit(submit)}>
        <DialogContent sx={{ pt: 0 }}>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '2fr 1fr' } }}>
            <Box
              sx={{ display: 'grid', columnGap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr 1fr' } }}
            >
              {text('faceValue', 'Face Value')}
              {text('settlementAmount', 'Settlement Amount')}
              <ControlledSelect
                control={control}
                name="investmentTypeId"
                label="Investment Type"
                options={typeOptions}
              />
              {text('interestRate', 'Interest Rate')}
              {text('couponRate', 'Coupon Rate')}
              <TextField
                {...register('investmentId')}
                label="ID"
                fullWidth
                margin="normal"
                error={Boolean(errors.investmentId)}
                helperText={errors.investmentId?.message ?? 'CUSIP, SEDOL or ISIN'}
                slotProps={{ htmlInput: { maxLength: 50 } }}
              />
              {text('settlementDate', 'Settlement Date', { type: 'date' })}
              {text('maturityDate', 'Maturity Date', { type: 'date' })}
              {text('callDate', 'Call Date', { type: 'date', required: isCallable })}
              <TextField
                {...register('fund')}
                label="Fund"
                fullWidth
                margin="normal"
                error={Boolean(errors.fund)}
                helperText={errors.fund?.message}
                // One over the limit, so the rule's message can show instead of silently cutting.
                slotProps={{ htmlInput: { maxLength: FUND_MAX_LENGTH + 1 } }}
                sx={{ gridColumn: { sm: 'span 3' } }}
              />
            </Box>
            <DerivedFields investment={saved} />
          </Box>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={update.isPending}>
            Close
          </Button>
          <Button type="submit" variant="contained" loading={update.isPending} disabled={!isDirty}>
            Save
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

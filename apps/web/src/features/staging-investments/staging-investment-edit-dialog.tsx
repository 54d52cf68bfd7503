import { useId } from 'react';
import { useForm, type Control, type Resolver } from 'react-hook-form';
import { zodResolver } from '../../lib/zod-resolver';
import { enqueueSnackbar } from '../../lib/toast-host';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import type { InvestmentTypeOption } from '@tideline/contracts/investments/investments.schemas';
import {
  STAGING_INVESTMENT_MSG,
  StagingInvestmentInputSchema,
  type StagingInvestment,
  type StagingInvestmentInputParsed,
} from '@tideline/contracts/staging-investments/staging-investments.schemas';
import { ControlledSelect } from '../../components/controlled-select';
import { SaveCancelActions } from '../../components/save-cancel-actions';
import { failureMessage, showFieldErrors } from '../../lib/api-messages';
import { useUpdateStagingInvestment, type BatchRef } from './staging-investments.mutations';

interface EditValues {
  faceValue: string;
  maturityDate: string;
  investmentTypeId: number | '';
  fund: string;
  interestRate: string;
  investmentId: string;
  couponRate: string;
  callDate: string;
  settlementDate: string;
  settlementAmount: string;
}
type TextName = Exclude<keyof EditValues, 'investmentTypeId'>;
// The contract's preprocessors take any input; the form's own shape is the one above.
const resolver = zodResolver(StagingInvestmentInputSchema) as unknown as Resolver<
  EditValues,
  unknown,
  StagingInvestmentInputParsed
>;

const FIELDS: readonly { name: TextName; label: string; kind?: 'date' | 'number' }[] = [
  { name: 'investmentId', label: 'ID' },
  { name: 'faceValue', label: 'Face Value', kind: 'number' },
  { name: 'settlementAmount', label: 'Settlement Amount', kind: 'number' },
  { name: 'interestRate', label: 'Interest Rate', kind: 'number' },
  { name: 'couponRate', label: 'Coupon Rate', kind: 'number' },
  { name: 'settlementDate', label: 'Settlement Date', kind: 'date' },
  { name: 'maturityDate', label: 'Maturity Date', kind: 'date' },
  { name: 'callDate', label: 'Call Date', kind: 'date' },
  { name: 'fund', label: 'Fund' },
];

const rateText = (rate: number | null) => (rate === null ? '' : rate.toFixed(4));

interface StagingInvestmentEditDialogProps {
  batch: BatchRef;
  investment: StagingInvestment;
  types: readonly InvestmentTypeOption[];
  onClose: () => void;
}

/** The Edit of a staged investment: the fields of spec 3 a person can fix, the type from the list. */
export function StagingInvestmentEditDialog({
  batch,
  investment,
  types,
  onClose,
}: StagingInvestmentEditDialogProps) {
  const titleId = useId();
  const update = useUpdateStagingInvestment(batch);
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<EditValues, unknown, StagingInvestmentInputParsed>({
    resolver,
    defaultValues: {
      faceValue: investment.faceValue.toFixed(2),
      maturityDate: investment.maturityDate,
      investmentTypeId: investment.investmentTypeId ?? '',
      fund: investment.fund ?? '',
      interestRate: rateText(investment.interestRate),
      investmentId: investment.investmentId ?? '',
      couponRate: rateText(investment.couponRate),
      callDate: investment.callDate ?? '',
      settlementDate: investment.settlementDate,
      settlementAmount: investment.settlementAmount.toFixed(2),
    },
  });

  const submit = (parsed: StagingInvestmentInputParsed) =>
    update.mutate(
      { id: investment.stagingInvestmentId, investment: parsed },
      {
        onSuccess: (msg) => {
          enqueueSnackbar(msg || STAGING_INVESTMENT_MSG.updated, { variant: 'success' });
          onClose();
        },
        // The form stays open with what was typed (spec 8: the server's msg, else the default).
        onError: (error) => {
          showFieldErrors(
            error,
            [...FIELDS.map((f) => f.name), 'investmentTypeId' as const],
            setError,
            'investment',
          );
          enqueueSnackbar(failureMessage(error, STAGING_INVESTMENT_MSG.updateFailed), { variant: 'error' });
        },
      },
    );

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Edit Investment</DialogTitle>
      <Box component="form" noValidate onSubmit={handleSubmit(submit)}>
        <DialogContent sx={{ pt: 0 }}>
          <ControlledSelect
            // The select reads and writes the form's values; the parsed output type does not concern it.
            control={control as unknown as Control<EditValues>}
            name="investmentTypeId"
            label="Investment Type"
            options={types}
            helperText={
              investment.investmentTypeId === null
                ? `From the file: ${investment.investmentTypeName}`
                : undefined
            }
          />
          {FIELDS.map(({ name, label, kind }) => (
            <TextField
              key={name}
              {...register(name)}
              label={label}
              type={kind === 'date' ? 'date' : 'text'}
              fullWidth
              margin="normal"
              error={Boolean(errors[name])}
              helperText={errors[name]?.message}
              slotProps={{
                inputLabel: kind === 'date' ? { shrink: true } : undefined,
                htmlInput: kind === 'number' ? { inputMode: 'decimal', maxLength: 20 } : { maxLength: 50 },
              }}
            />
          ))}
        </DialogContent>
        <SaveCancelActions onCancel={onClose} isSaving={update.isPending} />
      </Box>
    </Dialog>
  );
}

import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import type { UseFormRegisterReturn } from 'react-hook-form';
import {
  ecrForSave,
  isNegativeEcr,
  STAGING_TREASURY_MSG as MSG,
} from '@tideline/contracts/staging-treasury/staging-treasury.schemas';
import { isNumberText } from './treasury-amounts';

/**
 * Spec 5: an amount must be a number ('Field must be a number.'), and where it is required
 * ('Required!') also filled; a rate row's percent may not be below 0 ('ECR can not be less than 0%.').
 */
export function checkAmount(text: string, rate: boolean, isRequired: boolean): true | string {
  if (text.trim() === '') return isRequired ? MSG.required : true;
  if (!isNumberText(text)) return MSG.fieldMustBeNumber;
  if (isNegativeEcr(rate, ecrForSave(Number(text)))) return MSG.ecrBelowZero;
  return true;
}

interface AmountFieldsProps {
  fields: readonly { label: string }[];
  rate: boolean;
  /** The registration of the field at a position, its checks included. */
  registerAt: (position: number) => UseFormRegisterReturn;
  errorAt: (position: number) => string | undefined;
}

/** One field per amount of the row, labelled with its header; percent for rate rows, else dollars. */
export function AmountFields({ fields, rate, registerAt, errorAt }: AmountFieldsProps) {
  const adornment = rate
    ? { endAdornment: <InputAdornment position="end">%</InputAdornment> }
    : { startAdornment: <InputAdornment position="start">$</InputAdornment> };
  return fields.map((field, position) => (
    <TextField
      key={position}
      {...registerAt(position)}
      label={field.label}
      fullWidth
      margin="normal"
      error={Boolean(errorAt(position))}
      helperText={errorAt(position)}
      slotProps={{ input: adornment, htmlInput: { inputMode: 'decimal', maxLength: 24 } }}
    />
  ));
}

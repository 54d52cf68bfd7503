import { useEffect, useState } from 'react';
import { FormProvider, useForm, useWatch, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { enqueueSnackbar } from '../../lib/toast-host';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { ManageTemplateInputSchema, TEMPLATE_MSG } from '@tideline/contracts/templates/templates.schemas';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { failureMessage } from '../../lib/api-messages';
import { useCan } from '../../lib/use-can';
import { INVESTMENT_PAGES, InvestmentTemplateFields } from './investment-template-fields';
import { TemplateField } from './template-field';
import { manageBodyOf, type TemplateFormValues } from './template-form-values';
import { TemplatePreviewPanel, type StoredSample } from './template-preview';
import { useDeleteTemplate, useManageTemplate } from './templates.mutations';
import { TransactionTemplateFields } from './transaction-template-fields';
import { toastOutcome } from '../../lib/mutation-toasts';

const resolver = zodResolver(ManageTemplateInputSchema) as unknown as Resolver<TemplateFormValues>;

/** The template dialogs' form (spec 3, 5): match type, the jsonTransform fields, save, delete, preview. */
export function TemplateForm({
  defaultValues,
  storedSample,
  onSaved,
  onDone,
}: {
  defaultValues: TemplateFormValues;
  /** The uploaded file the preview starts on. */
  storedSample?: StoredSample;
  /** After a save, before the dialog closes. */
  onSaved?: () => void;
  onDone: () => void;
}) {
  const canManage = useCan('MANAGE_TEMPLATES');
  const canDelete = useCan('DELETE_TEMPLATES');
  const manage = useManageTemplate();
  const remove = useDeleteTemplate();
  const [page, setPage] = useState<0 | 1>(0);
  const [isConfirmingDelete, setIsConfirmingDelete] = useState(false);
  const form = useForm<TemplateFormValues>({ resolver, defaultValues });
  const { control, register, handleSubmit, getValues, setValue, trigger, formState } = form;
  const values = useWatch({ control }) as TemplateFormValues;
  // The rules tie fields together (unique columns, one field required unless another is set): after a
  // save attempt every change re-checks the whole template, so a fixed clash clears on both fields.
  useEffect(() => {
    const subscription = form.watch(() => {
      if (form.formState.isSubmitted) void form.trigger();
    });
    return () => subscription.unsubscribe();
  }, [form]);
  const { type, templateId } = defaultValues;
  const isInvestment = type === 'Investment';
  const templateType = values.templateType;

  const save = () => {
    manage.mutate(
      manageBodyOf(getValues()),
      toastOutcome({ success: TEMPLATE_MSG.saved, failure: TEMPLATE_MSG.editFailed }, () => {
        onSaved?.();
        onDone();
      }),
    );
  };
  // An error on the other page of the investment dialog brings the user there.
  const onInvalid = () => {
    if (!isInvestment) return;
    const fields = (formState.errors.jsonTransform?.[0] ?? {}) as Record<string, unknown>;
    if (INVESTMENT_PAGES[0]!.some((f) => fields[f])) setPage(0);
  };
  const next = async () => {
    const isValid = await trigger(INVESTMENT_PAGES[0]!.map((f) => `jsonTransform.0.${f}` as const));
    if (isValid) setPage(1);
  };
  const confirmDelete = () =>
    remove.mutate(templateId!, {
      onSuccess: (msg) => {
        enqueueSnackbar(msg ?? TEMPLATE_MSG.deleted, { variant: 'success' });
        setIsConfirmingDelete(false);
        onDone();
      },
      onError: (error) => {
        enqueueSnackbar(failureMessage(error, TEMPLATE_MSG.deleteFailed), { variant: 'error' });
        setIsConfirmingDelete(false);
      },
    });

  const isLastPage = !isInvestment || page === 1;
  return (
    <FormProvider {...form}>
      <Box component="form" noValidate onSubmit={handleSubmit(save, onInvalid)}>
        <DialogContent sx={{ pt: 0 }}>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
            Column and row numbers start at 0: the first column of the file is column 0 and its first row is
            row 0. Drop a sample file in the preview below to see the numbers.
          </Typography>
          {type !== 'Treasury' && (
            <Box sx={{ mb: 1 }}>
              <FormLabel id="template-type-label">Template Type</FormLabel>
              <RadioGroup
                row
                aria-labelledby="template-type-label"
                value={templateType}
                onChange={(e) => setValue('templateType', e.target.value as 'Header' | 'Cell')}
              >
                <FormControlLabel value="Header" control={<Radio />} label="Header Row" />
                <FormControlLabel value="Cell" control={<Radio />} label="First Cell" />
              </RadioGroup>
              {templateType === 'Header' && (
                <TextField
                  fullWidth
                  margin="dense"
                  size="small"
                  label="Header Row"
                  {...register('headerRow')}
                  error={Boolean(formState.errors.headerRow)}
                  helperText={
                    formState.errors.headerRow?.message ??
                    'The header cells at row Header Start, joined by commas; files match by it'
                  }
                  slotProps={{ htmlInput: { maxLength: 5000 } }}
                />
              )}
            </Box>
          )}
          {type === 'Transaction' && <TransactionTemplateFields />}
          {type === 'Investment' && (
            <>
              <Typography variant="overline" component="p">
                Page {page + 1} of 2
              </Typography>
              <InvestmentTemplateFields page={page} />
            </>
          )}
          {type === 'Treasury' && (
            <TemplateField
              name="accountGroupName"
              label="Account Group Name"
              hint="The account group whose Balance, Fees and Account Balance sections this fills"
              autoFocus
            />
          )}
          <Divider sx={{ my: 2 }} />
          <TemplatePreviewPanel
            values={values}
            storedSample={storedSample}
            onUseHeaderRow={(rowIndex, headerRow) => {
              setValue('templateType', 'Header');
              setValue('headerRow', headerRow);
              if (type !== 'Treasury') setValue('jsonTransform.0.headerStart', String(rowIndex));
            }}
            onUseFirstCell={(firstCell) => {
              if (type === 'Treasury') return;
              setValue('templateType', 'Cell');
              setValue('jsonTransform.0.cellHeaderData', firstCell);
            }}
          />
        </DialogContent>
        <DialogActions>
          {templateId !== undefined && canDelete && (
            <Button color="error" onClick={() => setIsConfirmingDelete(true)} sx={{ mr: 'auto' }}>
              Delete
            </Button>
          )}
          <Button onClick={onDone} disabled={manage.isPending}>
            Cancel
          </Button>
          {isInvestment && page === 1 && <Button onClick={() => setPage(0)}>Back</Button>}
          {isLastPage ? (
            <Button type="submit" variant="contained" loading={manage.isPending} disabled={!canManage}>
              Save
            </Button>
          ) : (
            <Button variant="contained" onClick={() => void next()}>
              Next
            </Button>
          )}
        </DialogActions>
      </Box>
      <ConfirmDialog
        open={isConfirmingDelete}
        title="Delete Template"
        message="This action cannot be undone."
        confirmLabel="Delete"
        isDestructive
        isPending={remove.isPending}
        onConfirm={confirmDelete}
        onCancel={() => setIsConfirmingDelete(false)}
      />
    </FormProvider>
  );
}

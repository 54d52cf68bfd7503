import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { enqueueSnackbar } from '../../lib/toast-host';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { STAGING_TREASURY_MSG as MSG } from '@tideline/contracts/staging-treasury/staging-treasury.schemas';
import { SaveCancelActions } from '../../components/save-cancel-actions';
import { failureMessage } from '../../lib/api-messages';
import { FeeCategoryFields, type FeeCategoryValues } from './fee-category-fields';
import { useUpdateStagingFees } from './staging-treasury.mutations';
import type { BatchRef } from '../../lib/use-refresh-staging';
import { stagingTreasuryQueries } from './staging-treasury.queries';

interface FeeBulkCategoryDialogProps {
  batch: BatchRef;
  feeIds: number[];
  onDone: () => void;
  onClose: () => void;
}

/** Spec 5 "Bulk fee edit": the selected fees' Category and Sub Category, both required. */
export function FeeBulkCategoryDialog({ batch, feeIds, onDone, onClose }: FeeBulkCategoryDialogProps) {
  const titleId = useId();
  const update = useUpdateStagingFees(batch);
  const categories = useQuery(stagingTreasuryQueries.feeCategories());
  const { control, handleSubmit, setValue, watch } = useForm<FeeCategoryValues>({
    defaultValues: { categoryId: '', subCategoryId: '' },
  });

  const submit = ({ categoryId, subCategoryId }: FeeCategoryValues) =>
    update.mutate(
      { fees: { batchId: batch.batchId, categoryId, subCategoryId, feeIds } },
      {
        onSuccess: (msg) => {
          enqueueSnackbar(msg || MSG.feesUpdated, { variant: 'success' });
          onDone();
        },
        onError: (error) => enqueueSnackbar(failureMessage(error, MSG.editFeesFailed), { variant: 'error' }),
      },
    );

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>Bulk Edit Staging Fee category</DialogTitle>
      <Box component="form" noValidate onSubmit={handleSubmit(submit)}>
        <DialogContent sx={{ pt: 0 }}>
          <DialogContentText>{`${feeIds.length} selected.`}</DialogContentText>
          <FeeCategoryFields
            control={control}
            categories={categories.data ?? []}
            categoryId={watch('categoryId')}
            onCategoryChanged={() => setValue('subCategoryId', '')}
          />
        </DialogContent>
        <SaveCancelActions onCancel={onClose} isSaving={update.isPending} />
      </Box>
    </Dialog>
  );
}

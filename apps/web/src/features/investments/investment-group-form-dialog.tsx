import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { enqueueSnackbar } from '../../lib/toast-host';
import type { z } from 'zod';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import {
  INVESTMENT_GROUP_MSG,
  NewInvestmentGroupBodySchema,
  type InvestmentGroup,
} from '@tideline/contracts/investments/investment-groups.schemas';
import { DuplicateNameDialog } from '../../components/duplicate-name-dialog';
import { FormTextField } from '../../components/form-text-field';
import { useDuplicateNameCheck } from '../../components/use-duplicate-name-check';
import { failureMessage, fieldErrorsOf } from '../../lib/api-messages';
import { useSaveInvestmentGroup } from './investments.mutations';
import { investmentGroupQueries } from './investments.queries';
import { SaveCancelActions } from '../../components/save-cancel-actions';

// Spec 5 "Investment group": the name is required ('Required!'); the same rule serves add and edit.
const GroupFormSchema = NewInvestmentGroupBodySchema.shape.investment;
type GroupForm = z.input<typeof GroupFormSchema>;

interface InvestmentGroupFormDialogProps {
  /** The group to rename; none for 'Add Investment Group'. */
  group?: Pick<InvestmentGroup, 'groupId' | 'groupName'>;
  onClose: () => void;
}

/**
 * 'Add Investment Group' and 'Edit Investment Group' (spec 2, 4, 5), with the same-name warning
 * (case-insensitive; on edit only when the name changed) before saving.
 */
export function InvestmentGroupFormDialog({ group, onClose }: InvestmentGroupFormDialogProps) {
  const titleId = useId();
  const queryClient = useQueryClient();
  const save = useSaveInvestmentGroup();
  const sameName = useDuplicateNameCheck<string>({
    what: 'investment groups',
    loadOthers: async () =>
      (await queryClient.fetchQuery(investmentGroupQueries.all())).map((g) => ({
        id: g.groupId,
        name: g.groupName,
      })),
    current: group && { id: group.groupId, name: group.groupName },
  });
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<GroupForm, unknown, z.output<typeof GroupFormSchema>>({
    resolver: zodResolver(GroupFormSchema),
    defaultValues: { groupName: group?.groupName ?? '' },
  });

  const send = (groupName: string) =>
    save.mutate(
      { groupId: group?.groupId, groupName },
      {
        onSuccess: ({ msg }) => {
          const fallback = group ? INVESTMENT_GROUP_MSG.updated : INVESTMENT_GROUP_MSG.created;
          enqueueSnackbar(msg || fallback, { variant: 'success' });
          onClose();
        },
        onError: (error) => {
          sameName.release();
          const message = fieldErrorsOf(error, 'investment').groupName;
          if (message) setError('groupName', { message });
          const fallback = group ? INVESTMENT_GROUP_MSG.updateFailed : INVESTMENT_GROUP_MSG.createFailed;
          enqueueSnackbar(failureMessage(error, fallback), { variant: 'error' });
        },
      },
    );

  const submit = ({ groupName }: { groupName: string }) => sameName.checkThenSend(groupName, groupName, send);

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{group ? 'Edit Investment Group' : 'Add Investment Group'}</DialogTitle>
      <Box component="form" noValidate onSubmit={handleSubmit(submit)}>
        <DialogContent sx={{ pt: 0 }}>
          <FormTextField
            registration={register('groupName')}
            label="Group Name"
            autoFocus
            error={errors.groupName?.message}
            inputProps={{ maxLength: 120 }}
          />
        </DialogContent>
        <SaveCancelActions onCancel={onClose} isSaving={save.isPending} isBusy={sameName.isChecking} />
      </Box>
      {sameName.heldBack !== null && (
        <DuplicateNameDialog
          kind="Investment Group"
          name={sameName.heldBack}
          isPending={save.isPending}
          onBack={sameName.release}
          onContinue={() => send(sameName.heldBack!)}
        />
      )}
    </Dialog>
  );
}

import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { enqueueSnackbar } from '../../lib/toast-host';
import type { z } from 'zod';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import {
  ACCOUNT_GROUP_MSG,
  AccountGroupNameBodySchema,
} from '@tideline/contracts/accounts/account-groups.schemas';
import { failureMessage, fieldErrorsOf } from '../../lib/api-messages';
import { useCreateGroup, useRenameGroup } from './accounts.mutations';
import { SaveCancelActions } from '../../components/save-cancel-actions';

// Spec 5 "Group form": the name is required ('Required!'); the same rule serves POST and PUT.
const GroupFormSchema = AccountGroupNameBodySchema.shape.account;
type GroupForm = z.input<typeof GroupFormSchema>;

interface GroupFormDialogProps {
  clientId: number;
  /** The group to rename; none for 'Add Group' / 'Create Group'. */
  group?: { groupId: number; groupName: string };
  title?: string;
  onClose: () => void;
}

/** Add Group, Create Group (from an account) and Edit Group. */
export function GroupFormDialog({ clientId, group, title, onClose }: GroupFormDialogProps) {
  const titleId = useId();
  const create = useCreateGroup(clientId);
  const rename = useRenameGroup(clientId);
  const isPending = create.isPending || rename.isPending;
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<GroupForm, unknown, z.output<typeof GroupFormSchema>>({
    resolver: zodResolver(GroupFormSchema),
    defaultValues: { accountGroupName: group?.groupName ?? '' },
  });

  const submit = ({ accountGroupName }: { accountGroupName: string }) => {
    const fallback = group ? ACCOUNT_GROUP_MSG.updateFailed : ACCOUNT_GROUP_MSG.createFailed;
    const handlers = {
      onSuccess: (msg: string | undefined) => {
        enqueueSnackbar(msg ?? (group ? ACCOUNT_GROUP_MSG.updated : ACCOUNT_GROUP_MSG.created), {
          variant: 'success',
        });
        onClose();
      },
      onError: (error: unknown) => {
        const fields = fieldErrorsOf(error, 'account');
        const message = fields.accountGroupName ?? fields.addAccountGroupName;
        if (message) setError('accountGroupName', { message });
        enqueueSnackbar(failureMessage(error, fallback), { variant: 'error' });
      },
    };
    if (group) rename.mutate({ groupId: group.groupId, groupName: accountGroupName }, handlers);
    else create.mutate(accountGroupName, handlers);
  };

  return (
    <Dialog open onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{title ?? (group ? 'Edit Group' : 'Add Group')}</DialogTitle>
      <Box component="form" noValidate onSubmit={handleSubmit(submit)}>
        <DialogContent sx={{ pt: 0 }}>
          <TextField
            {...register('accountGroupName')}
            label="Group Name"
            fullWidth
            margin="normal"
            autoFocus
            error={Boolean(errors.accountGroupName)}
            helperText={errors.accountGroupName?.message}
            slotProps={{ htmlInput: { maxLength: 120 } }}
          />
        </DialogContent>
        <SaveCancelActions onCancel={onClose} isSaving={isPending} />
      </Box>
    </Dialog>
  );
}

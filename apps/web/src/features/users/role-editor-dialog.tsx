import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { enqueueSnackbar } from '../../lib/toast-host';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import {
  ROLE_MSG,
  RoleInputSchema,
  type Role,
  type RoleInput,
} from '@tideline/contracts/roles/roles.schemas';
import { FormTextField } from '../../components/form-text-field';
import { failureMessage, fieldErrorsOf } from '../../lib/api-messages';
import { PermissionChecklist } from './permission-checklist';
import { useCreateRole, useUpdateRole } from './roles.mutations';

interface RoleEditorDialogProps {
  /** The role to show; none for Add Role. */
  role?: Role;
  /** Without EDIT_ROLES the role is shown, not edited. */
  isReadOnly: boolean;
  onClose: () => void;
}

const ROLE_FIELDS = ['roleName', 'isClientScoped', 'permissions'] as const;

/** Ours (issue 3): a role's name, client scoping and permissions. */
export function RoleEditorDialog({ role, isReadOnly, onClose }: RoleEditorDialogProps) {
  const titleId = useId();
  const createRole = useCreateRole();
  const updateRole = useUpdateRole();
  const isPending = createRole.isPending || updateRole.isPending;
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<RoleInput>({
    resolver: zodResolver(RoleInputSchema),
    defaultValues: role
      ? { roleName: role.roleName, isClientScoped: role.isClientScoped, permissions: role.permissions }
      : { roleName: '', isClientScoped: false, permissions: [] },
  });

  const save = (values: RoleInput) => {
    const onError = (error: unknown) => {
      const fieldErrors = fieldErrorsOf(error, 'role');
      for (const field of ROLE_FIELDS) {
        if (fieldErrors[field]) setError(field, { message: fieldErrors[field] });
      }
      enqueueSnackbar(failureMessage(error, role ? ROLE_MSG.editFailed : ROLE_MSG.createFailed), {
        variant: 'error',
      });
    };
    const onSuccess = (msg: string | undefined) => {
      enqueueSnackbar(msg ?? (role ? ROLE_MSG.updated : ROLE_MSG.created), { variant: 'success' });
      onClose();
    };
    if (role) updateRole.mutate({ roleId: role.roleId, role: values }, { onSuccess, onError });
    else createRole.mutate(values, { onSuccess, onError });
  };

  const title = role ? (isReadOnly ? role.roleName : 'Edit Role') : 'Add Role';
  return (
    <Dialog open onClose={isPending ? undefined : onClose} aria-labelledby={titleId} maxWidth="lg" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <Box component="form" noValidate onSubmit={handleSubmit(save)}>
        <DialogContent sx={{ pt: 0 }}>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 3 }}>
            <Box sx={{ flex: '1 1 320px' }}>
              <FormTextField
                registration={register('roleName')}
                label="Role Name"
                autoFocus={!isReadOnly}
                error={errors.roleName?.message}
                inputProps={{ maxLength: 60, readOnly: isReadOnly }}
              />
            </Box>
            <Controller
              control={control}
              name="isClientScoped"
              render={({ field }) => (
                <FormControlLabel
                  label="Client-scoped"
                  disabled={isReadOnly}
                  control={
                    <Switch
                      checked={field.value}
                      onChange={(event) => field.onChange(event.target.checked)}
                      inputRef={field.ref}
                    />
                  }
                />
              )}
            />
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
            Users of a client-scoped role see only the clients assigned to them.
          </Typography>
          <Controller
            control={control}
            name="permissions"
            render={({ field, fieldState }) => (
              <>
                <PermissionChecklist value={field.value} onChange={field.onChange} isReadOnly={isReadOnly} />
                {fieldState.error && <FormHelperText error>{fieldState.error.message}</FormHelperText>}
              </>
            )}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={isPending}>
            {isReadOnly ? 'Close' : 'Cancel'}
          </Button>
          {!isReadOnly && (
            <Button type="submit" variant="contained" loading={isPending}>
              Save
            </Button>
          )}
        </DialogActions>
      </Box>
    </Dialog>
  );
}

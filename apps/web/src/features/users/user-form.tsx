import { Controller, useForm, useWatch, type DefaultValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { enqueueSnackbar } from '../../lib/toast-host';
import Box from '@mui/material/Box';
import DialogContent from '@mui/material/DialogContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  TEXT_MAX,
  USER_MSG,
  UserInputSchema,
  type ClientAssociation,
  type User,
  type UserInput,
  type UserInputParsed,
} from '@tideline/contracts/users/users.schemas';
import { FormTextField } from '../../components/form-text-field';
import { failureMessage, fieldErrorsOf } from '../../lib/api-messages';
import { fetchLoggedUser, loggedUserQueryKey } from '../../lib/logged-user';
import { useSessionStore } from '../../lib/session-store';
import { useCan } from '../../lib/use-can';
import { ClientAssociationField } from './client-association-field';
import { useCreateUser, useUpdateUser } from './users.mutations';
import { userQueries } from './users.queries';
import { SaveCancelActions } from '../../components/save-cancel-actions';

const FORM_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phoneNumber',
  'roleId',
  'status',
  'clientAssociation',
] as const satisfies readonly (keyof UserInput)[];

interface UserFormProps {
  user?: User;
  savedClients: readonly ClientAssociation[];
  onDone: () => void;
}

function defaultsOf(
  user: User | undefined,
  savedClients: readonly ClientAssociation[],
): DefaultValues<UserInput> {
  if (!user) {
    // platform.md 4.5: new users default to active.
    return { firstName: '', lastName: '', email: '', phoneNumber: '', status: 1, clientAssociation: [] };
  }
  return {
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phoneNumber: user.phoneNumber ?? '',
    roleId: user.roleId,
    status: user.status,
    clientAssociation: savedClients.map((c) => c.clientId),
  };
}

/** The fields of the Add/Edit User dialog and what saving does. */
export function UserForm({ user, savedClients, onDone }: UserFormProps) {
  const canDeactivate = useCan('DEACTIVATE_USERS');
  // Security issue 14: moving a user to another role is role administration, and associations have
  // their own permission. The server refuses both; the form shows them without letting them change.
  const canChangeRole = useCan('EDIT_ROLES') || !user;
  const canAssociate = useCan('EDIT_USER_CLIENT_ASSOCIATIONS');
  const roles = useQuery(userQueries.roles());
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const createUser = useCreateUser();
  const updateUser = useUpdateUser();
  const isPending = createUser.isPending || updateUser.isPending;
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    formState: { errors },
  } = useForm<UserInput, unknown, UserInputParsed>({
    resolver: zodResolver(UserInputSchema),
    defaultValues: defaultsOf(user, savedClients),
  });
  const roleId = useWatch({ control, name: 'roleId' });
  // Until the roles arrive, the user's own role keeps the select from showing an unknown value.
  const roleOptions = roles.data ?? (user ? [{ roleId: user.roleId, roleName: user.roleName }] : []);
  const isClientScoped =
    roles.data?.find((r) => r.roleId === roleId)?.isClientScoped ??
    (user !== undefined && user.roleId === roleId && user.isClientScoped);

  const refreshOwnUser = async () => {
    const fresh = await queryClient.fetchQuery({
      queryKey: loggedUserQueryKey,
      queryFn: fetchLoggedUser,
      staleTime: 0,
    });
    useSessionStore.getState().setUser(fresh);
  };

  const save = (values: UserInputParsed) => {
    // Issue 20 point 9: a client-scoped role needs its clients (the server says so too).
    if (isClientScoped && values.clientAssociation.length === 0) {
      setError('clientAssociation', { message: USER_MSG.clientRequired });
      return;
    }
    const body: UserInput = {
      ...values,
      // Only DEACTIVATE_USERS sees (and sends) the status; the server keeps or defaults it otherwise.
      status: canDeactivate ? values.status : undefined,
      clientAssociation: isClientScoped ? values.clientAssociation : [],
    };
    const fallback = user ? USER_MSG.editFailed : USER_MSG.createFailed;
    const onError = (error: unknown) => {
      const fieldErrors = fieldErrorsOf(error, 'user');
      for (const field of FORM_FIELDS) {
        if (fieldErrors[field]) setError(field, { message: fieldErrors[field] });
      }
      enqueueSnackbar(failureMessage(error, fallback), { variant: 'error' });
    };
    const onSuccess = async ({ msg }: { msg?: string }) => {
      enqueueSnackbar(msg ?? (user ? USER_MSG.updated : USER_MSG.created), { variant: 'success' });
      // platform.md 2.6: after editing oneself, the current user is reloaded and the app goes home.
      if (user && user.userId === useSessionStore.getState().user?.userId) {
        await refreshOwnUser().catch((error: unknown) => console.error('Reloading the user failed', error));
        void navigate('/dashboard');
      }
      onDone();
    };
    if (user) updateUser.mutate({ userId: user.userId, user: body }, { onSuccess, onError });
    else createUser.mutate(body, { onSuccess, onError });
  };

  return (
    <Box component="form" noValidate onSubmit={handleSubmit(save)}>
      <DialogContent sx={{ pt: 0 }}>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
          <FormTextField
            registration={register('firstName')}
            label="First Name"
            autoFocus
            error={errors.firstName?.message}
            inputProps={{ maxLength: TEXT_MAX }}
          />
          <FormTextField
            registration={register('lastName')}
            label="Last Name"
            error={errors.lastName?.message}
            inputProps={{ maxLength: TEXT_MAX }}
          />
        </Stack>
        <FormTextField
          registration={register('email')}
          label="Email"
          type="email"
          error={errors.email?.message}
          inputProps={{ maxLength: TEXT_MAX }}
        />
        <FormTextField
          registration={register('phoneNumber')}
          label="Phone Number"
          autoComplete="tel"
          error={errors.phoneNumber?.message}
          inputProps={{ maxLength: 32, inputMode: 'tel' }}
        />
        <Controller
          control={control}
          name="roleId"
          render={({ field, fieldState }) => (
            <TextField
              select
              fullWidth
              margin="normal"
              label="Role"
              disabled={!canChangeRole}
              name={field.name}
              inputRef={field.ref}
              value={field.value ?? ''}
              onBlur={field.onBlur}
              onChange={(event) => {
                field.onChange(Number(event.target.value));
                // platform.md 4.5: changing a user's role clears the assigned clients.
                setValue('clientAssociation', []);
              }}
              error={Boolean(fieldState.error)}
              helperText={fieldState.error?.message}
              slotProps={{ select: { MenuProps: { slotProps: { paper: { sx: { maxHeight: 200 } } } } } }}
            >
              {roleOptions.map((role) => (
                <MenuItem key={role.roleId} value={role.roleId}>
                  {role.roleName}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        {canDeactivate && (
          <Controller
            control={control}
            name="status"
            render={({ field }) => (
              <TextField
                select
                fullWidth
                margin="normal"
                label="Status"
                name={field.name}
                inputRef={field.ref}
                value={field.value ?? 1}
                onBlur={field.onBlur}
                onChange={(event) => field.onChange(Number(event.target.value))}
              >
                <MenuItem value={1}>Active</MenuItem>
                <MenuItem value={0}>Inactive</MenuItem>
              </TextField>
            )}
          />
        )}
        {isClientScoped && (
          <Controller
            control={control}
            name="clientAssociation"
            render={({ field, fieldState }) => (
              <ClientAssociationField
                value={field.value ?? []}
                onChange={field.onChange}
                saved={savedClients}
                error={fieldState.error?.message}
                disabled={!canAssociate}
              />
            )}
          />
        )}
      </DialogContent>
      <SaveCancelActions onCancel={onDone} isSaving={isPending} />
    </Box>
  );
}

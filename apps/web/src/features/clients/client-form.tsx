import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { enqueueSnackbar } from '../../lib/toast-host';
import Box from '@mui/material/Box';
import DialogContent from '@mui/material/DialogContent';
import Stack from '@mui/material/Stack';
import {
  DEFAULT_DATA_GATHERING_FREQUENCY,
  REPORT_FREQUENCIES,
  reportCycleOptions,
} from '@tideline/contracts/clients/client-lists';
import {
  CLIENT_MSG,
  ClientInputSchema,
  type Client,
  type ClientInput,
  type ClientInputParsed,
} from '@tideline/contracts/clients/clients.schemas';
import { US_STATES } from '@tideline/contracts/common/us-states';
import { Controller, useForm, useWatch, type DefaultValues } from 'react-hook-form';
import { ControlledSelect, type SelectOption } from '../../components/controlled-select';
import { DuplicateNameDialog } from '../../components/duplicate-name-dialog';
import { useDuplicateNameCheck } from '../../components/use-duplicate-name-check';
import { FormTextField } from '../../components/form-text-field';
import { failureMessage, fieldErrorsOf } from '../../lib/api-messages';
import { useCan } from '../../lib/use-can';
import { AssigneesField } from './assignees-field';
import { useCreateClient, useUpdateClient } from './clients.mutations';
import { clientQueries } from './clients.queries';
import { SaveCancelActions } from '../../components/save-cancel-actions';

const FORM_FIELDS = [
  'clientName',
  'status',
  'budget',
  'clientCategory',
  'clientType',
  'state',
  'initialInterest',
  'dataGatheringFrequency',
  'reportFrequency',
  'reportCycle',
  'assignTo',
] as const satisfies readonly (keyof ClientInput)[];

const STATUS_OPTIONS: SelectOption[] = [
  { value: 1, label: 'Active' },
  { value: 0, label: 'Inactive' },
];
const monthsOptions = (values: readonly number[]): SelectOption[] =>
  values.map((n) => ({ value: n, label: `${n} ${n === 1 ? 'month' : 'months'}` }));
const textOptions = (values: readonly string[]): SelectOption[] =>
  values.map((v) => ({ value: v, label: v }));
const STATE_OPTIONS = textOptions(US_STATES);

function defaultsOf(client: Client | undefined): DefaultValues<ClientInput> {
  if (!client) {
    // clients-accounts-investments-reports.md 3, 4: new clients are active; data gathering every 3 months.
    return {
      clientName: '',
      status: 1,
      budget: '',
      initialInterest: '',
      dataGatheringFrequency: DEFAULT_DATA_GATHERING_FREQUENCY,
      assignTo: [],
    };
  }
  return {
    clientName: client.clientName,
    status: client.status,
    budget: client.budget === null ? '' : String(client.budget),
    clientCategory: client.clientCategory ?? undefined,
    clientType: client.clientType ?? undefined,
    state: client.state ?? undefined,
    initialInterest: client.initialInterest === null ? '' : String(client.initialInterest),
    dataGatheringFrequency: client.dataGatheringFrequency,
    reportFrequency: client.reportFrequency ?? undefined,
    reportCycle: client.reportCycle ?? undefined,
    assignTo: client.assignees.map((a) => a.userId),
  } as DefaultValues<ClientInput>;
}

interface ClientFormProps {
  client?: Client;
  onDone: () => void;
}

/** The fields of the Add/Edit Client dialog (spec 3, 4, 5) and what saving does. */
export function ClientForm({ client, onDone }: ClientFormProps) {
  const canDeactivate = useCan('DEACTIVATE_CLIENTS');
  const queryClient = useQueryClient();
  const categories = useQuery(clientQueries.categories());
  const types = useQuery(clientQueries.types());
  const frequencies = useQuery(clientQueries.reportFrequencies());
  const createClient = useCreateClient();
  const updateClient = useUpdateClient();
  const isPending = createClient.isPending || updateClient.isPending;
  const sameName = useDuplicateNameCheck<ClientInput>({
    what: 'clients',
    loadOthers: async () =>
      (await queryClient.fetchQuery(clientQueries.all())).map((c) => ({
        id: c.clientId,
        name: c.clientName,
      })),
    current: client && { id: client.clientId, name: client.clientName },
  });
  const {
    register,
    control,
    handleSubmit,
    setValue,
    setError,
    formState: { errors },
  } = useForm<ClientInput, unknown, ClientInputParsed>({
    resolver: zodResolver(ClientInputSchema),
    defaultValues: defaultsOf(client),
  });
  const reportFrequency = useWatch({ control, name: 'reportFrequency' });
  const cycleOptions = reportCycleOptions(Number(reportFrequency)).map((o) => ({
    value: o.value,
    label: `${o.value} (${o.label})`,
  }));

  const send = (body: ClientInput) => {
    const fallback = client ? CLIENT_MSG.editFailed : CLIENT_MSG.createFailed;
    const onError = (error: unknown) => {
      sameName.release();
      const fieldErrors = fieldErrorsOf(error, 'client');
      for (const field of FORM_FIELDS) {
        if (fieldErrors[field]) setError(field, { message: fieldErrors[field] });
      }
      enqueueSnackbar(failureMessage(error, fallback), { variant: 'error' });
    };
    const onSuccess = ({ msg }: { msg?: string }) => {
      enqueueSnackbar(msg ?? (client ? CLIENT_MSG.updated : CLIENT_MSG.created), { variant: 'success' });
      onDone();
    };
    if (client) updateClient.mutate({ clientId: client.clientId, client: body }, { onSuccess, onError });
    else createClient.mutate(body, { onSuccess, onError });
  };

  const save = async (values: ClientInputParsed) => {
    const body: ClientInput = {
      ...values,
      budget: String(values.budget),
      // Only DEACTIVATE_CLIENTS sees (and sends) the status; the server keeps or defaults it otherwise.
      status: canDeactivate ? values.status : undefined,
    };
    // Spec 4: a case-insensitive clash with another client's name asks first; on edit only if it changed.
    await sameName.checkThenSend(values.clientName, body, send);
  };

  return (
    <Box component="form" noValidate onSubmit={handleSubmit(save)}>
      <DialogContent sx={{ pt: 0 }}>
        <FormTextField
          registration={register('clientName')}
          label="Client Name"
          autoFocus
          error={errors.clientName?.message}
          inputProps={{ maxLength: 120 }}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
          <FormTextField
            registration={register('budget')}
            label="Budget (millions)"
            error={errors.budget?.message}
            inputProps={{ inputMode: 'numeric', maxLength: 15 }}
          />
          <FormTextField
            registration={register('initialInterest')}
            label="Initial Interest"
            error={errors.initialInterest?.message}
            inputProps={{ inputMode: 'decimal', maxLength: 15 }}
          />
        </Stack>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
          <ControlledSelect
            control={control}
            name="clientCategory"
            label="Client Category"
            options={textOptions(categories.data ?? [])}
          />
          <ControlledSelect
            control={control}
            name="clientType"
            label="Client Type"
            options={textOptions(types.data ?? [])}
          />
        </Stack>
        <ControlledSelect control={control} name="state" label="State" options={STATE_OPTIONS} />
        <ControlledSelect
          control={control}
          name="dataGatheringFrequency"
          label="Data Gathering Frequency"
          options={monthsOptions(REPORT_FREQUENCIES)}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ sm: 2 }}>
          <ControlledSelect
            control={control}
            name="reportFrequency"
            label="Report Frequency"
            options={monthsOptions(frequencies.data ?? REPORT_FREQUENCIES)}
            // Spec 4: changing a client's report frequency clears the report cycle.
            onChanged={() => setValue('reportCycle', null, { shouldDirty: true })}
          />
          <ControlledSelect
            control={control}
            name="reportCycle"
            label="Report Cycle"
            options={cycleOptions}
            disabled={cycleOptions.length === 0}
            helperText="The months the reporting periods start in."
          />
        </Stack>
        <Controller
          control={control}
          name="assignTo"
          render={({ field, fieldState }) => (
            <AssigneesField
              value={field.value ?? []}
              onChange={field.onChange}
              saved={client?.assignees ?? []}
              error={fieldState.error?.message}
            />
          )}
        />
        {canDeactivate && (
          <ControlledSelect control={control} name="status" label="Status" options={STATUS_OPTIONS} />
        )}
      </DialogContent>
      <SaveCancelActions onCancel={onDone} isSaving={isPending} isBusy={sameName.isChecking} />
      {sameName.heldBack && (
        <DuplicateNameDialog
          kind="Client"
          name={sameName.heldBack.clientName.trim()}
          isPending={isPending}
          onBack={sameName.release}
          onContinue={() => send(sameName.heldBack!)}
        />
      )}
    </Box>
  );
}

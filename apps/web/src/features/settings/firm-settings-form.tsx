import { useEffect, useId, useRef, useState, type ChangeEvent } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  FIRM_LOGO_MAX_BYTES,
  FIRM_LOGO_TYPES,
  FIRM_MSG,
  FirmInputSchema,
  type FirmLogo,
} from '@tideline/contracts/settings/firm.schemas';
import { FormTextField } from '../../components/form-text-field';
import { PageLoader } from '../../components/page-loader';
import { failureMessage, fieldErrorsOf } from '../../lib/api-messages';
import { enqueueSnackbar } from '../../lib/toast-host';
import { useCan } from '../../lib/use-can';
import { useUpdateFirm } from './settings.mutations';
import { settingsQueries } from './settings.queries';

// Global Settings "Firm" (ours, issue 42 point 5): the firm name every page of a client report
// carries and the logo its cover shows (PNG or JPEG, at most 512 KB, kept in the database).

interface FirmValues {
  firmName: string;
}
const resolver = zodResolver(FirmInputSchema.pick({ firmName: true })) as unknown as Resolver<FirmValues>;

/** undefined: the stored logo stays; null: it is removed; a logo: it replaces the stored one. */
type LogoChange = FirmLogo | null | undefined;

const isLogoType = (type: string): type is FirmLogo['contentType'] =>
  (FIRM_LOGO_TYPES as readonly string[]).includes(type);

/** The file's bytes in base64, read by the browser (a data URL without its prefix). */
function readBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.onerror = () => reject(reader.error ?? new Error(FIRM_MSG.logoUnreadable));
    reader.readAsDataURL(file);
  });
}

export function FirmSettingsForm() {
  const titleId = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const canEdit = useCan('EDIT_GLOBAL_SETTINGS');
  const current = useQuery(settingsQueries.firm());
  const update = useUpdateFirm();
  const [logo, setLogo] = useState<LogoChange>(undefined);
  const [logoError, setLogoError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<FirmValues>({ resolver, defaultValues: { firmName: '' } });
  const storedName = current.data?.firmName;
  useEffect(() => {
    if (storedName !== undefined) reset({ firmName: storedName ?? '' });
  }, [storedName, reset]);

  const stored = current.data?.logo ?? null;
  const shown = logo === undefined ? stored : logo;
  const chooseLogo = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (!isLogoType(file.type)) return setLogoError(FIRM_MSG.logoType);
    if (file.size > FIRM_LOGO_MAX_BYTES) return setLogoError(FIRM_MSG.logoTooLarge);
    setLogoError(null);
    setLogo({ contentType: file.type, dataBase64: await readBase64(file) });
  };

  const save = ({ firmName }: FirmValues) =>
    update.mutate(
      { firmName, ...(logo === undefined ? {} : { logo }) },
      {
        onSuccess: (result) => {
          enqueueSnackbar(result.msg || FIRM_MSG.updated, { variant: 'success' });
          setLogo(undefined);
          reset({ firmName: result.firm.firmName ?? '' });
        },
        onError: (error) => {
          const fields = fieldErrorsOf(error, 'firm');
          if (fields.firmName) setError('firmName', { message: fields.firmName });
          if (fields.logo) setLogoError(fields.logo);
          enqueueSnackbar(failureMessage(error, FIRM_MSG.updateFailed), { variant: 'error' });
        },
      },
    );

  return (
    <Paper component="section" aria-labelledby={titleId} sx={{ p: 2 }}>
      <Typography id={titleId} variant="h6" component="h2">
        Firm
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        The firm named at the top of every page of a client report, and the logo on its cover.
      </Typography>
      {current.isLoading ? (
        <PageLoader />
      ) : (
        <Stack component="form" noValidate onSubmit={handleSubmit(save)} spacing={2} sx={{ maxWidth: 480 }}>
          <FormTextField
            registration={register('firmName')}
            label="Firm Name"
            error={errors.firmName?.message}
            helperText="Without a name, reports name no firm."
            inputProps={{ maxLength: 120, readOnly: !canEdit }}
          />
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
            {shown ? (
              <Box
                component="img"
                src={`data:${shown.contentType};base64,${shown.dataBase64}`}
                alt="Firm logo"
                sx={{ maxWidth: 200, maxHeight: 64, objectFit: 'contain' }}
              />
            ) : (
              <Typography variant="body2" color="text.secondary">
                No logo: the report's cover prints none.
              </Typography>
            )}
            {canEdit && (
              <>
                <input
                  ref={fileInput}
                  type="file"
                  accept={FIRM_LOGO_TYPES.join(',')}
                  hidden
                  aria-label="Logo file"
                  onChange={(event) => void chooseLogo(event)}
                />
                <Button variant="outlined" onClick={() => fileInput.current?.click()}>
                  Upload Logo
                </Button>
                {shown && (
                  <Button color="error" onClick={() => setLogo(null)}>
                    Remove Logo
                  </Button>
                )}
              </>
            )}
          </Stack>
          <Typography
            variant="caption"
            color={logoError ? 'error' : 'text.secondary'}
            role={logoError ? 'alert' : undefined}
          >
            {logoError ?? `PNG or JPEG, at most ${FIRM_LOGO_MAX_BYTES / 1024} KB.`}
          </Typography>
          {canEdit && (
            <Box>
              <Button
                type="submit"
                variant="contained"
                disabled={!isDirty && logo === undefined}
                loading={update.isPending}
              >
                Save
              </Button>
            </Box>
          )}
        </Stack>
      )}
    </Paper>
  );
}

import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCan } from '../../lib/use-can';
import { GlobalSettingForm } from './global-setting-form';
import { TypesTable } from './types-table';
import { INVESTMENT_TYPES_TABLE } from './types-tables';

/** Global Settings tab 2: 'Investments - Manage Investment Types' and Maturing Investment Date Range. */
export function InvestmentsSettingsTab() {
  const canView = useCan('VIEW_INVESTMENT_TYPES');
  return (
    <Stack spacing={3}>
      {canView && (
        <Stack spacing={1}>
          <Typography variant="h6" component="h2">
            Investments - Manage Investment Types
          </Typography>
          <TypesTable config={INVESTMENT_TYPES_TABLE} />
        </Stack>
      )}
      <GlobalSettingForm setting="maturityLimit" />
    </Stack>
  );
}

import Stack from '@mui/material/Stack';
import { useCan } from '../../lib/use-can';
import { FirmSettingsForm } from './firm-settings-form';
import { GlobalSettingForm } from './global-setting-form';
import { KeywordsTable } from './keywords-table';
import { TypesTable } from './types-table';
import { KEYWORD_CATEGORIES_TABLE } from './types-tables';

/**
 * Global Settings tab 0: Manage Keywords, Manage Keyword Categories, Data Ingestion Upload Date, and
 * (ours) Minimum Transactions a Month and the Firm the client reports name.
 */
export function KeywordsTab() {
  const canViewKeywords = useCan('VIEW_KEYWORDS');
  return (
    <Stack spacing={3}>
      {canViewKeywords && <KeywordsTable />}
      {canViewKeywords && <TypesTable config={KEYWORD_CATEGORIES_TABLE} />}
      <GlobalSettingForm setting="uploadDate" />
      <GlobalSettingForm setting="minTransactionsPerMonth" />
      <FirmSettingsForm />
    </Stack>
  );
}

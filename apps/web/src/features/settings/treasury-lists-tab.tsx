import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { TREASURY_LIST_MSG } from '@tideline/contracts/staging-treasury/treasury-list-settings.schemas';
import { TREASURY_LIST_CONFIGS } from './treasury-list-configs';
import { TreasuryListTable } from './treasury-list-table';
import { settingsQueries } from './settings.queries';

/**
 * Global Settings 'Treasury Services' tab (issue 17 point 4): the pick lists of the treasury staging
 * dialog. Names stay unique in their list; an entry in use can be renamed, not deleted.
 */
export function TreasuryListsTab() {
  const lists = useQuery(settingsQueries.treasuryLists());
  const categories = (lists.data?.feeCategories ?? []).map((c) => ({
    value: c.categoryId,
    label: `${c.code} ${c.name}`,
  }));
  return (
    <Stack spacing={3}>
      <Typography variant="h6" component="h2">
        Treasury Services - Analysis Statement Lists
      </Typography>
      {lists.isError && <Alert severity="error">{TREASURY_LIST_MSG.loadFailed}</Alert>}
      {TREASURY_LIST_CONFIGS.map((config) => (
        <TreasuryListTable
          key={config.kind}
          config={config}
          rows={lists.data ? config.rowsOf(lists.data) : undefined}
          isLoading={lists.isLoading}
          categories={categories}
        />
      ))}
    </Stack>
  );
}

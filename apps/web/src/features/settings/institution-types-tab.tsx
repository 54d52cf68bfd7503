import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCan } from '../../lib/use-can';
import { TypesTable } from './types-table';
import { INSTITUTION_TYPES_TABLE } from './types-tables';

/** Global Settings tab 3: Manage Institution Types (the table is 'All Institution Types'). */
export function InstitutionTypesTab() {
  const canView = useCan('VIEW_INSTITUTION_TYPES');
  return (
    <Stack spacing={1}>
      <Typography variant="h6" component="h2">
        Manage Institution Types
      </Typography>
      {canView && <TypesTable config={INSTITUTION_TYPES_TABLE} />}
    </Stack>
  );
}

import Stack from '@mui/material/Stack';
import { useCan } from '../../lib/use-can';
import { TypesTable } from './types-table';
import { NOTE_CATEGORIES_TABLE } from './types-tables';

/**
 * Global Settings tab 1: Manage Note Categories. The 'Resolved Notes' list (VIEW_RESOLVED_NOTES) comes
 * with the notes feature and is composed beside this by the route.
 */
export function NotesSettingsTab() {
  const canView = useCan('VIEW_NOTE_CATEGORIES');
  return <Stack spacing={3}>{canView && <TypesTable config={NOTE_CATEGORIES_TABLE} />}</Stack>;
}

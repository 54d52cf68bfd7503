import { useCan } from '../../lib/use-can';
import { TypesTable } from './types-table';
import { QUOTE_TYPES_TABLE } from './types-tables';

/** Global Settings tab 4: Manage Quote Types. */
export function QuoteTypesTab() {
  const canView = useCan('VIEW_QUOTE_TYPES');
  return canView ? <TypesTable config={QUOTE_TYPES_TABLE} /> : null;
}

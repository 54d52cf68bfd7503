import {
  BalanceTablesStartedSchema,
  type BalanceTablesStarted,
} from '@tideline/contracts/balance-tables/balance-tables.schemas';
import { apiRequest } from '../../lib/api-client';

/** POST /api/analytics/balance-tables/{clientId}: 'Calculate Daily and Monthly Tables' as a job. */
export async function startBalanceTables(clientId: number): Promise<BalanceTablesStarted> {
  return BalanceTablesStartedSchema.parse(
    await apiRequest(`/analytics/balance-tables/${clientId}`, { method: 'POST' }),
  );
}

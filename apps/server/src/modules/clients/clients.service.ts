import type { ClientOption } from '@tideline/contracts';
import type { DbOrTx } from '../../db/open-database';
import { clients } from '../../db/schema';
import { whereClientVisible } from '../../platform/access/client-scope';
import type { CurrentUser } from '../../platform/access/route-access';
import * as q from './clients.queries';

/** The pick list of active clients, by name, limited to what the user may see. */
export function listClientOptions(db: DbOrTx, user: CurrentUser): Promise<ClientOption[]> {
  return q.selectClientOptions(db, whereClientVisible(user, clients.clientId));
}

/** Ids and names of the given clients, whatever their status; unknown ids are left out. */
export function findClientsByIds(db: DbOrTx, clientIds: readonly number[]): Promise<ClientOption[]> {
  return q.selectClientsByIds(db, [...new Set(clientIds)]);
}

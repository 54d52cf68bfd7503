import { CLIENT_MSG, type ClientOption } from '@tideline/contracts';
import type { DbOrTx } from '../../db/open-database';
import { assertClientAccess } from '../../platform/access/client-scope';
import type { CurrentUser } from '../../platform/access/route-access';
import { notFound } from '../../platform/http/app-error';
import { findClientsByIds } from '../clients/clients.service';

/**
 * A client the user may see, by a light lookup (id and name): the lists and the 4-second poll take a
 * client id in the address, and another client's id answers exactly like one that exists nowhere.
 */
export async function findVisibleClientOption(
  db: DbOrTx,
  user: CurrentUser,
  clientId: number,
  notFoundMsg: string = CLIENT_MSG.notFound,
): Promise<ClientOption> {
  assertClientAccess(user, clientId, notFoundMsg);
  const [client] = await findClientsByIds(db, [clientId]);
  if (!client) throw notFound(notFoundMsg);
  return client;
}

import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { applyFindings, type DetectionOutcome } from './apply-findings';
import { DETECTORS } from './detectors';
import type { DetectionScope, Detector, DetectorScope } from './finding';

/** The active clients of the scope: a deactivated client's queue stays as it was left. */
async function selectScopeClients(db: DbOrTx, clientIds: readonly number[] | null): Promise<number[]> {
  const { rows } = await db.execute(sql`select client_id as "clientId" from clients
    where status = 1 ${clientIds === null ? sql`` : sql`and client_id = any(${sql.param([...clientIds])}::int[])`}
    order by client_id`);
  return (rows as { clientId: number }[]).map((r) => r.clientId);
}

/**
 * One detection (issue 43 point 1): every detector over the scope's clients, then the findings laid
 * over their queue. Detectors read; only applyFindings writes, in one transaction.
 */
export async function detectExceptions(
  db: DbOrTx,
  scope: DetectionScope,
  detectors: readonly Detector[] = DETECTORS,
): Promise<DetectionOutcome & { clients: number }> {
  const clientIds = await selectScopeClients(db, scope.clientIds);
  if (clientIds.length === 0) return { clients: 0, found: 0, opened: 0, reopened: 0, woken: 0, resolved: 0 };
  const fixed: DetectorScope = { ...scope, clientIds };
  const findings = (await Promise.all(detectors.map((d) => d.detect(db, fixed)))).flat();
  const outcome = await applyFindings(db, clientIds, findings, scope.today);
  return { clients: clientIds.length, ...outcome };
}

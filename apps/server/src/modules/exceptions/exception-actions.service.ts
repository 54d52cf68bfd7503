import { eq } from 'drizzle-orm';
import type { ExceptionDigest } from '@tideline/contracts/exceptions/exceptions.schemas';
import type { DbOrTx } from '../../db/open-database';
import { users } from '../../db/schema';
import { assertClientAccess } from '../../platform/access/client-scope';
import type { CurrentUser } from '../../platform/access/route-access';
import { writeAudit, type AuditContext } from '../../platform/audit/write-audit';
import type { JobRunner } from '../../platform/jobs/job-runner';
import { DETECT_EXCEPTIONS_JOB, type DetectExceptionsData } from './exceptions.job';

/** POST /api/exceptions/detect: one detection now, of a client or of every client the user sees. */
export async function detectNow(
  db: DbOrTx,
  jobs: Pick<JobRunner, 'enqueue'>,
  user: CurrentUser,
  clientId: number | null,
): Promise<{ jobId: string }> {
  if (clientId !== null) assertClientAccess(user, clientId);
  const clientIds = clientId !== null ? [clientId] : user.isClientScoped ? [...user.clientIds] : null;
  const jobId = await jobs.enqueue<DetectExceptionsData>(
    DETECT_EXCEPTIONS_JOB,
    { clientIds },
    { createdBy: user.userId, clientId },
  );
  return { jobId };
}

export async function findDigest(db: DbOrTx, user: CurrentUser): Promise<ExceptionDigest> {
  const [row] = await db
    .select({ enabled: users.exceptionDigest })
    .from(users)
    .where(eq(users.userId, user.userId));
  return { enabled: row?.enabled ?? false };
}

/** PUT /api/exceptions/digest: the user turns their own daily mail on or off. */
export async function saveDigest(
  db: DbOrTx,
  ctx: AuditContext,
  user: CurrentUser,
  body: ExceptionDigest,
): Promise<ExceptionDigest> {
  return db.transaction(async (tx) => {
    const before = await findDigest(tx, user);
    await tx.update(users).set({ exceptionDigest: body.enabled }).where(eq(users.userId, user.userId));
    if (before.enabled !== body.enabled)
      await writeAudit(tx, ctx, {
        action: 'user.exception_digest_set',
        entity: 'user',
        entityId: user.userId,
        before: { exceptionDigest: before.enabled },
        after: { exceptionDigest: body.enabled },
      });
    return { enabled: body.enabled };
  });
}

import type { JobDefinition } from '../../platform/jobs/job-runner';
import type { Mailer } from '../../platform/mail/mailer';
import { composeExceptionDigestMail } from './exception-digest-mail';
import { selectDigestRows, type DigestRow } from './exception-digest.queries';
import { dayOf } from './exceptions.job';

export const SEND_EXCEPTION_DIGEST_JOB = 'exceptions.digest';

export interface ExceptionDigestOutcome {
  recipients: number;
  sent: number;
  failed: number;
}

/** The rows of one user, in the order the query gave them. */
function groupByUser(rows: readonly DigestRow[]): DigestRow[][] {
  const byUser = new Map<number, DigestRow[]>();
  for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row]);
  return [...byUser.values()];
}

/**
 * The daily digest (issue 43 point 5): one mail to each user who turned it on and has new or overdue
 * exceptions assigned; nobody hears "nothing today". Never retried: a retry would mail again those
 * already sent, so a failed mail is logged and counted instead of failing the run.
 */
export function sendExceptionDigestJob(deps: {
  mailer: Mailer;
  publicUrl: string;
  cron?: string;
  now?: () => Date;
}): JobDefinition<Record<string, never>> {
  const now = deps.now ?? (() => new Date());
  return {
    name: SEND_EXCEPTION_DIGEST_JOB,
    retryLimit: 0,
    ...(deps.cron ? { schedule: { cron: deps.cron, tz: 'UTC', data: {} } } : {}),
    async handle(job): Promise<ExceptionDigestOutcome> {
      const at = now();
      const recipients = groupByUser(await selectDigestRows(job.db, { now: at, today: dayOf(at) }));
      let sent = 0;
      for (const rows of recipients) {
        const mail = composeExceptionDigestMail(rows[0]!, rows, deps.publicUrl);
        try {
          await deps.mailer.send(mail);
          sent += 1;
        } catch (err) {
          job.log.error({ err, userId: rows[0]!.userId }, 'exception digest mail failed');
        }
      }
      const outcome = { recipients: recipients.length, sent, failed: recipients.length - sent };
      await job.setProgress(
        100,
        `${sent} digest mails sent${outcome.failed ? `, ${outcome.failed} failed` : ''}.`,
      );
      return outcome;
    },
  };
}

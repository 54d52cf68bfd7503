import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ExceptionKind, ExceptionSeverity } from '@tideline/contracts/exceptions/exceptions.schemas';
import { clients, exceptionItems, users } from '../../db/schema';
import {
  call,
  createClients,
  createRole,
  createSignedInUser,
  createTestContext,
  readOutbox,
  type SignedInUser,
  type TestContext,
} from '../../../test/test-context';
import { sendExceptionDigestJob } from './send-exception-digest.job';

// Issue 43 point 5: the daily digest goes, through the product's mailer, only to users who turned it
// on, only when they have new or overdue open exceptions, and only of the clients they may see.

let ctx: TestContext;
const db = () => ctx.database.db;
const NOW = new Date('2026-10-20T11:00:00Z');
const HOURS = 3_600_000;
const PUBLIC_URL = 'http://tideline.test';

beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** Runs the job's handler as the runner would, with the app's own mailer (the outbox of its DATA_DIR). */
async function runDigest(now = NOW) {
  const job = sendExceptionDigestJob({ mailer: ctx.platform.mailer, publicUrl: PUBLIC_URL, now: () => now });
  return job.handle({
    jobId: randomUUID(),
    data: {},
    attempt: 1,
    db: db(),
    log: pino({ level: 'silent' }),
    setProgress: async () => {},
  });
}

let subject = 0;
async function addException(
  clientId: number,
  assignee: SignedInUser,
  fields: {
    kind?: ExceptionKind;
    severity?: ExceptionSeverity;
    summary: string;
    detectedAt: Date;
    dueDate: string | null;
    status?: 'Open' | 'Snoozed' | 'Resolved';
  },
) {
  const status = fields.status ?? 'Open';
  await db()
    .insert(exceptionItems)
    .values({
      clientId,
      kind: fields.kind ?? 'extraction_failed',
      subjectKey: `digest:${(subject += 1)}`,
      severity: fields.severity ?? 'High',
      summary: fields.summary,
      link: { place: 'uploadDashboard', clientId },
      since: fields.detectedAt,
      status,
      assigneeId: assignee.userId,
      dueDate: fields.dueDate,
      detectedAt: fields.detectedAt,
      ...(status === 'Snoozed' ? { snoozedUntil: '2026-11-01', snoozeReason: 'Bank resends Monday' } : {}),
      ...(status === 'Resolved'
        ? { resolvedAt: NOW, resolutionNote: 'Fixed', resolvedBy: assignee.userId }
        : {}),
    });
}

const turnOn = async (user: SignedInUser) =>
  expect((await call(ctx, 'PUT', '/api/exceptions/digest', user, { enabled: true })).json()).toEqual({
    enabled: true,
  });
const clientNameOf = async (clientId: number) =>
  (await db().select({ name: clients.clientName }).from(clients).where(eq(clients.clientId, clientId)))[0]!
    .name;

describe('the daily exceptions digest', () => {
  it('mails a user who turned it on their new and overdue exceptions, and nothing else', async () => {
    const [a, b] = (await createClients(ctx, 2, 'Digest')) as [number, number];
    const analyst = await createSignedInUser(ctx, 'Analyst');
    await turnOn(analyst);
    await addException(a, analyst, {
      kind: 'balance_break',
      summary: 'Operating ••4821 opens at $10,200.00 on Oct 14; the previous statement closed at $10,000.00.',
      detectedAt: new Date(NOW.getTime() - 5 * HOURS),
      dueDate: '2026-10-22',
    });
    await addException(b, analyst, {
      kind: 'report_due',
      severity: 'Medium',
      summary: 'The Q3 report is due on Oct 18 and its analysis is not completed.',
      detectedAt: new Date(NOW.getTime() - 10 * 24 * HOURS),
      dueDate: '2026-10-19',
    });
    // Old and not yet due; snoozed; resolved: none of these is news.
    await addException(a, analyst, {
      summary: 'Old news',
      detectedAt: new Date(NOW.getTime() - 30 * HOURS),
      dueDate: '2026-10-20',
    });
    await addException(a, analyst, {
      summary: 'Put off',
      detectedAt: new Date(NOW.getTime() - HOURS),
      dueDate: '2026-10-01',
      status: 'Snoozed',
    });
    await addException(a, analyst, {
      summary: 'Done with',
      detectedAt: new Date(NOW.getTime() - HOURS),
      dueDate: '2026-10-01',
      status: 'Resolved',
    });

    const outcome = await runDigest();
    expect(outcome).toMatchObject({ failed: 0 });
    const mails = await readOutbox(ctx, analyst.email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail!.subject).toBe('Tideline: 1 new and 1 overdue exceptions');
    const [nameA, nameB] = [await clientNameOf(a), await clientNameOf(b)];
    expect(mail!.text).toContain(
      `${nameB} · Report due: The Q3 report is due on Oct 18 and its analysis is not completed. (due 2026-10-19)`,
    );
    expect(mail!.text).toContain(
      `${nameA} · Balance break: Operating ••4821 opens at $10,200.00 on Oct 14; the previous statement closed at $10,000.00. (due 2026-10-22)`,
    );
    // Overdue first, then the new ones, each with the queue of its client.
    expect(mail!.text.indexOf('Overdue (1)')).toBeLessThan(
      mail!.text.indexOf('New in the last 24 hours (1)'),
    );
    expect(mail!.links).toEqual(
      expect.arrayContaining([
        `${PUBLIC_URL}/exceptions?clientId=${a}`,
        `${PUBLIC_URL}/exceptions?clientId=${b}`,
      ]),
    );
    for (const quiet of ['Old news', 'Put off', 'Done with']) expect(mail!.text).not.toContain(quiet);
  });

  it('sends nothing while the digest is off, nor when there is nothing new or overdue', async () => {
    const [clientId] = (await createClients(ctx, 1, 'Digest')) as [number];
    const off = await createSignedInUser(ctx, 'Analyst');
    await addException(clientId, off, {
      summary: 'New but unheard',
      detectedAt: new Date(NOW.getTime() - HOURS),
      dueDate: '2026-10-10',
    });
    const quiet = await createSignedInUser(ctx, 'Analyst');
    await turnOn(quiet);
    await addException(clientId, quiet, {
      summary: 'Old, due later',
      detectedAt: new Date(NOW.getTime() - 48 * HOURS),
      dueDate: '2026-10-25',
    });
    await runDigest();
    expect(await readOutbox(ctx, off.email)).toEqual([]);
    expect(await readOutbox(ctx, quiet.email)).toEqual([]);
    // Due today is not yet overdue; tomorrow it is.
    await addException(clientId, quiet, {
      summary: 'Due today',
      detectedAt: new Date(NOW.getTime() - 48 * HOURS),
      dueDate: '2026-10-20',
    });
    await runDigest();
    expect(await readOutbox(ctx, quiet.email)).toEqual([]);
    await runDigest(new Date('2026-10-21T11:00:00Z'));
    const [mail] = await readOutbox(ctx, quiet.email);
    expect(mail!.subject).toBe('Tideline: 1 overdue exception');
    expect(mail!.text).toContain('Due today (due 2026-10-20)');
    expect(mail!.text).not.toContain('Old, due later');
  });

  it('never tells a client-scoped user of another client, nor a user whose role cannot see exceptions', async () => {
    const [mine, other] = (await createClients(ctx, 2, 'Digest')) as [number, number];
    const viewer = await createSignedInUser(ctx, 'Client Viewer', [mine]);
    await turnOn(viewer);
    await addException(mine, viewer, {
      summary: 'Of my client',
      detectedAt: new Date(NOW.getTime() - HOURS),
      dueDate: '2026-10-22',
    });
    // Assigned while the viewer still had the other client (the association changed since).
    await addException(other, viewer, {
      summary: 'Of another client',
      detectedAt: new Date(NOW.getTime() - HOURS),
      dueDate: '2026-10-01',
    });

    const role = await createRole(ctx, ['VIEW_CLIENTS']);
    const blind = await createSignedInUser(ctx, 'Analyst');
    await db()
      .update(users)
      .set({ exceptionDigest: true, roleId: role.roleId })
      .where(eq(users.userId, blind.userId));
    await addException(mine, blind, {
      summary: 'Unseen',
      detectedAt: new Date(NOW.getTime() - HOURS),
      dueDate: '2026-10-01',
    });

    const inactive = await createSignedInUser(ctx, 'Analyst');
    await turnOn(inactive);
    await db().update(users).set({ status: 0 }).where(eq(users.userId, inactive.userId));
    await addException(mine, inactive, {
      summary: 'Gone',
      detectedAt: new Date(NOW.getTime() - HOURS),
      dueDate: '2026-10-01',
    });

    await runDigest();
    const [mail, ...more] = await readOutbox(ctx, viewer.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toBe('Tideline: 1 new exception');
    expect(mail!.text).toContain('Of my client');
    expect(mail!.text).not.toContain('Of another client');
    expect(mail!.links).not.toContain(`${PUBLIC_URL}/exceptions?clientId=${other}`);
    expect(await readOutbox(ctx, blind.email)).toEqual([]);
    expect(await readOutbox(ctx, inactive.email)).toEqual([]);
  });
});

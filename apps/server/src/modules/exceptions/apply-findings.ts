import { sql } from 'drizzle-orm';
import {
  EXCEPTION_MSG,
  EXCEPTION_RULES,
  type ExceptionSeverity,
  type ExceptionStatus,
} from '@tideline/contracts/exceptions/exceptions.schemas';
import type { DbOrTx } from '../../db/open-database';
import { auditLog } from '../../db/schema';
import { addDays } from '../market-rates/rate-observation';
import type { Finding } from './finding';

// Issue 43 point 2: what a detection found, laid over the queue. A new cause opens an exception for the
// client's assigned staff; one found again keeps its owner, due date and snooze and gets today's
// sentence; one no longer found resolves itself and says so; a cause that resolved itself and comes
// back opens again. A person's resolution stands while the cause stays (they decided it). Each change
// of status, and of severity, is one audit row of the system's.

export interface DetectionOutcome {
  found: number;
  opened: number;
  reopened: number;
  woken: number;
  resolved: number;
}

interface StoredRow {
  exceptionId: number;
  clientId: number;
  kind: string;
  subjectKey: string;
  status: ExceptionStatus;
  severity: ExceptionSeverity;
  resolvedAutomatically: boolean;
  snoozedUntil: string | null;
}

interface AuditRow {
  exceptionId: number;
  clientId: number;
  action: string;
  before: Record<string, unknown> | null;
  after: Record<string, unknown>;
}

/** The advisory lock of the queue's writes by detection (any number; ours alone). */
const EXCEPTIONS_LOCK = 4_300_043;

const keyOf = (r: { clientId: number; kind: string; subjectKey: string }) =>
  `${r.clientId}\u0000${r.kind}\u0000${r.subjectKey}`;

const ints = (values: readonly number[]) => sql`${sql.param([...values])}::int[]`;
const texts = (values: readonly (string | null)[]) => sql`${sql.param([...values])}::text[]`;

/** Lays `findings` (every cause found now for `clientIds`) over the clients' exceptions, in one transaction. */
export async function applyFindings(
  db: DbOrTx,
  clientIds: readonly number[],
  findings: readonly Finding[],
  today: string,
): Promise<DetectionOutcome> {
  return db.transaction(async (tx) => {
    // One detection at a time lays its findings: two at once would both open the same new cause.
    await tx.execute(sql`select pg_advisory_xact_lock(${EXCEPTIONS_LOCK})`);
    const stored = await selectStoredRows(tx, clientIds, findings);
    const byKey = new Map(stored.map((r) => [keyOf(r), r]));
    const fresh: Finding[] = [];
    const seen: { row: StoredRow; finding: Finding }[] = [];
    for (const finding of findings) {
      const row = byKey.get(keyOf(finding));
      if (row) seen.push({ row, finding });
      else fresh.push(finding);
    }
    const seenIds = new Set(seen.map((s) => s.row.exceptionId));
    const gone = stored.filter((r) => r.status !== 'Resolved' && !seenIds.has(r.exceptionId));
    const audits: AuditRow[] = [];

    await refreshSeen(tx, seen);
    const reopen = seen.filter((s) => s.row.status === 'Resolved' && s.row.resolvedAutomatically);
    const wake = seen.filter(
      (s) => s.row.status === 'Snoozed' && s.row.snoozedUntil !== null && s.row.snoozedUntil <= today,
    );
    await setOpen(
      tx,
      [...reopen, ...wake].map((s) => s.row.exceptionId),
    );
    for (const { row, finding } of reopen)
      audits.push(
        auditOf(
          row,
          'exception.reopened',
          { status: 'Resolved' },
          { status: 'Open', summary: finding.summary },
        ),
      );
    for (const { row } of wake)
      audits.push(
        auditOf(
          row,
          'exception.snooze_ended',
          { status: 'Snoozed', snoozedUntil: row.snoozedUntil },
          { status: 'Open' },
        ),
      );
    for (const { row, finding } of seen)
      if (row.severity !== finding.severity && row.status !== 'Resolved')
        audits.push(
          auditOf(
            row,
            'exception.severity_changed',
            { severity: row.severity },
            { severity: finding.severity, summary: finding.summary },
          ),
        );

    const note = EXCEPTION_MSG.resolvedItself(today);
    await resolveGone(
      tx,
      gone.map((r) => r.exceptionId),
      note,
    );
    for (const row of gone)
      audits.push(
        auditOf(
          row,
          'exception.resolved_itself',
          { status: row.status },
          { status: 'Resolved', resolutionNote: note },
        ),
      );

    const inserted = await insertFresh(tx, fresh, today);
    for (const row of inserted)
      audits.push({
        exceptionId: row.exceptionId,
        clientId: row.clientId,
        action: 'exception.found',
        before: null,
        after: {
          kind: row.kind,
          severity: row.severity,
          summary: row.summary,
          assigneeId: row.assigneeId,
          dueDate: row.dueDate,
        },
      });
    await writeSystemAudits(tx, audits);
    return {
      found: findings.length,
      opened: inserted.length,
      reopened: reopen.length,
      woken: wake.length,
      resolved: gone.length,
    };
  });
}

function auditOf(
  row: StoredRow,
  action: string,
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): AuditRow {
  return { exceptionId: row.exceptionId, clientId: row.clientId, action, before, after };
}

/** The clients' exceptions not resolved, and any row (resolved too) of a cause found now. */
async function selectStoredRows(
  tx: DbOrTx,
  clientIds: readonly number[],
  findings: readonly Finding[],
): Promise<StoredRow[]> {
  const { rows } = await tx.execute(sql`select e.exception_id as "exceptionId", e.client_id as "clientId",
      e.kind, e.subject_key as "subjectKey", e.status, e.severity,
      e.resolved_automatically as "resolvedAutomatically", e.snoozed_until::text as "snoozedUntil"
    from exception_items e
    where e.client_id = any(${ints(clientIds)}) and e.status <> 'Resolved'
    union
    select e.exception_id, e.client_id, e.kind, e.subject_key, e.status, e.severity,
      e.resolved_automatically, e.snoozed_until::text
    from exception_items e
    join unnest(${ints(findings.map((f) => f.clientId))}, ${texts(findings.map((f) => f.kind))},
      ${texts(findings.map((f) => f.subjectKey))}) as f(client_id, kind, subject_key)
      on e.client_id = f.client_id and e.kind = f.kind and e.subject_key = f.subject_key
    where e.status = 'Resolved'`);
  return rows as unknown as StoredRow[];
}

/** Today's sentence, severity, figures and link of every cause found again, in one statement. */
async function refreshSeen(tx: DbOrTx, seen: readonly { row: StoredRow; finding: Finding }[]) {
  if (seen.length === 0) return;
  const f = seen.map((s) => s.finding);
  await tx.execute(sql`update exception_items e set
      summary = f.summary, severity = f.severity, amount = f.amount, link = f.link::jsonb,
      since = f.since, last_seen_at = now(),
      search_text = lower((select c.client_name from clients c where c.client_id = e.client_id) || ' ' || f.summary),
      updated_at = case when e.summary is distinct from f.summary or e.severity is distinct from f.severity
        then now() else e.updated_at end
    from unnest(${ints(seen.map((s) => s.row.exceptionId))}, ${texts(f.map((x) => x.summary))},
      ${texts(f.map((x) => x.severity))}, ${sql.param(f.map((x) => x.amount))}::numeric[],
      ${texts(f.map((x) => JSON.stringify(x.link)))}, ${sql.param(f.map((x) => x.since))}::timestamptz[])
      as f(id, summary, severity, amount, link, since)
    where e.exception_id = f.id`);
}

async function setOpen(tx: DbOrTx, ids: readonly number[]) {
  if (ids.length === 0) return;
  await tx.execute(sql`update exception_items set status = 'Open', snoozed_until = null,
      resolved_at = null, resolved_by = null, resolution_note = null, resolved_automatically = false,
      updated_at = now()
    where exception_id = any(${ints(ids)})`);
}

async function resolveGone(tx: DbOrTx, ids: readonly number[], note: string) {
  if (ids.length === 0) return;
  await tx.execute(sql`update exception_items set status = 'Resolved', snoozed_until = null,
      resolved_at = now(), resolved_by = null, resolution_note = ${note}, resolved_automatically = true,
      updated_at = now()
    where exception_id = any(${ints(ids)})`);
}

/** The due date a new exception gets: sooner the worse it is (the owner may change it). */
function dueDateOf(severity: ExceptionSeverity, today: string): string {
  return addDays(today, EXCEPTION_RULES.dueInDays[severity]);
}

interface InsertedRow {
  exceptionId: number;
  clientId: number;
  kind: string;
  severity: string;
  summary: string;
  assigneeId: number | null;
  dueDate: string | null;
}

/**
 * New causes, each for the client's first assigned staff member still active (by name): the one who
 * looks after the client is the one who hears of its problems first.
 */
async function insertFresh(tx: DbOrTx, fresh: readonly Finding[], today: string): Promise<InsertedRow[]> {
  if (fresh.length === 0) return [];
  const { rows } = await tx.execute(sql`insert into exception_items
      (client_id, kind, subject_key, severity, summary, search_text, link, since, amount, assignee_id, due_date)
    select f.client_id, f.kind, f.subject_key, f.severity, f.summary,
      lower((select c.client_name from clients c where c.client_id = f.client_id) || ' ' || f.summary),
      f.link::jsonb, f.since, f.amount,
      (select ca.user_id from client_assignees ca join users u on u.user_id = ca.user_id
        where ca.client_id = f.client_id and u.status = 1
        order by lower(u.last_name), lower(u.first_name), u.user_id limit 1),
      f.due_date
    from unnest(${ints(fresh.map((x) => x.clientId))}, ${texts(fresh.map((x) => x.kind))},
      ${texts(fresh.map((x) => x.subjectKey))}, ${texts(fresh.map((x) => x.severity))},
      ${texts(fresh.map((x) => x.summary))}, ${texts(fresh.map((x) => JSON.stringify(x.link)))},
      ${sql.param(fresh.map((x) => x.since))}::timestamptz[], ${sql.param(fresh.map((x) => x.amount))}::numeric[],
      ${sql.param(fresh.map((x) => dueDateOf(x.severity, today)))}::date[])
      as f(client_id, kind, subject_key, severity, summary, link, since, amount, due_date)
    on conflict (client_id, kind, subject_key) do nothing
    returning exception_id as "exceptionId", client_id as "clientId", kind, severity, summary,
      assignee_id as "assigneeId", due_date::text as "dueDate"`);
  return rows as unknown as InsertedRow[];
}

/** The system's audit rows of one detection, a few statements however many changed. */
async function writeSystemAudits(tx: DbOrTx, audits: readonly AuditRow[]) {
  const CHUNK = 1_000;
  for (let start = 0; start < audits.length; start += CHUNK) {
    await tx.insert(auditLog).values(
      audits.slice(start, start + CHUNK).map((a) => ({
        userId: null,
        actorEmail: 'system',
        action: a.action,
        entity: 'exception',
        entityId: String(a.exceptionId),
        before: a.before,
        after: a.after,
        clientIds: [a.clientId],
      })),
    );
  }
}

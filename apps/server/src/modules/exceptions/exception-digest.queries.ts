import { sql } from 'drizzle-orm';
import type { ExceptionKind } from '@tideline/contracts/exceptions/exceptions.schemas';
import type { DbOrTx } from '../../db/open-database';

/** One exception of one recipient's digest, with who to tell. */
export interface DigestRow {
  userId: number;
  email: string;
  firstName: string;
  exceptionId: number;
  clientId: number;
  clientName: string;
  kind: ExceptionKind;
  summary: string;
  dueDate: string | null;
  isOverdue: boolean;
}

/**
 * What each digest recipient should hear of (issue 43 point 5): active users with the digest on whose
 * role reads exceptions, and the open exceptions assigned to them, within their clients if their role
 * is client-scoped, found in the 24 hours before `now` or due before `today`. Snoozed ones are left
 * out as the My Exceptions widget leaves them: their owner put them off on purpose. A deactivated
 * client's queue stays as it was left, so it is not mailed about either. Overdue first, then by client.
 */
export async function selectDigestRows(db: DbOrTx, at: { now: Date; today: string }): Promise<DigestRow[]> {
  const { rows } = await db.execute(sql`select u.user_id as "userId", u.email, u.first_name as "firstName",
      e.exception_id as "exceptionId", e.client_id as "clientId", c.client_name as "clientName", e.kind,
      e.summary, e.due_date::text as "dueDate",
      coalesce(e.due_date < ${at.today}::date, false) as "isOverdue"
    from users u
    join roles r on r.role_id = u.role_id
    join exception_items e on e.assignee_id = u.user_id and e.status = 'Open'
    join clients c on c.client_id = e.client_id and c.status = 1
    where u.status = 1 and u.exception_digest
      and 'VIEW_EXCEPTIONS' = any(r.permissions)
      and (not r.is_client_scoped or exists (select 1 from user_clients uc
        where uc.user_id = u.user_id and uc.client_id = e.client_id))
      and (e.detected_at > ${at.now.toISOString()}::timestamptz - interval '24 hours'
        or e.due_date < ${at.today}::date)
    order by u.user_id, (e.due_date < ${at.today}::date) desc nulls last, lower(c.client_name), c.client_id,
      e.due_date nulls last, e.exception_id`);
  return rows as unknown as DigestRow[];
}

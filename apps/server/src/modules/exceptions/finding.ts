import type {
  ExceptionKind,
  ExceptionLink,
  ExceptionSeverity,
} from '@tideline/contracts/exceptions/exceptions.schemas';
import { sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';

/**
 * One cause a detector finds now (issue 43 point 1). `subjectKey` names the cause within its kind and
 * client, stably from one detection to the next (an account and the day its statement was due, a
 * batch file, an open report), so the same cause is one exception for its whole life.
 */
export interface Finding {
  clientId: number;
  kind: ExceptionKind;
  subjectKey: string;
  severity: ExceptionSeverity;
  /** What was found, in a sentence with its numbers ("… is 2 business days late: …"). */
  summary: string;
  link: ExceptionLink;
  /** When the cause began: the statement's due day, the file's upload, the break's day (ISO). */
  since: string;
  /** Dollars at stake, when there are: a break's difference, idle cash's earnings lost a year. */
  amount: number | null;
}

/** What one detection looks at: some clients (null: every active client) as of a day. */
export interface DetectionScope {
  clientIds: readonly number[] | null;
  /** The detection's day, YYYY-MM-DD (the firm's calendar day). */
  today: string;
  /** The detection's moment (file ages are in minutes). */
  now: Date;
}

/** What a detector reads: the scope with its clients known (the active ones when it said every client). */
export interface DetectorScope extends Omit<DetectionScope, 'clientIds'> {
  clientIds: readonly number[];
}

/** The scope's clients as one SQL array parameter: `client_id = any(${scopeClients(scope)})`. */
export const scopeClients = (scope: DetectorScope): SQL => sql`${sql.param([...scope.clientIds])}::int[]`;

/**
 * A detector reads the whole scope in a few set-based queries (200 clients × 20 accounts × 3 years in
 * seconds, issue 43 "Checks") and returns every cause it finds now; one that is gone is simply absent.
 */
export interface Detector {
  kinds: readonly ExceptionKind[];
  detect(db: DbOrTx, scope: DetectorScope): Promise<Finding[]>;
}

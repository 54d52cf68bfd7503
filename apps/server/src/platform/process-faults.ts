import type { FastifyBaseLogger } from 'fastify';
import { isDatabaseUnavailable } from '../db/pg-errors';

/**
 * The last net under a serving process (issue 40 point 1): an error about a lost database connection
 * that escaped every handler (an event of a socket nobody awaited) is logged and the process goes on;
 * the next query reconnects. Anything else still ends the process, as Node would, with its error in
 * the log: its supervisor (SERVER_PROCESSES, `npm run worker`) starts a fresh one.
 */
export function surviveDatabaseFaults(log: FastifyBaseLogger): void {
  const onFault = (err: unknown, kind: string) => {
    if (isDatabaseUnavailable(err)) {
      log.error({ err }, `${kind}: a lost database connection, outside any request or job`);
      return;
    }
    log.fatal({ err }, kind);
    process.exit(1);
  };
  process.on('uncaughtException', (err) => onFault(err, 'uncaught exception'));
  process.on('unhandledRejection', (reason) => onFault(reason, 'unhandled rejection'));
}

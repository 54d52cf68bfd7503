import type { MailMessage, Mailer } from './mailer';

export interface BackgroundMailer {
  /** Starts sending and returns at once; a failure is logged, never thrown at the caller. */
  sendLater(message: MailMessage): void;
  /** Resolves when every mail started so far has been sent or has failed (tests, shutdown). */
  settle(): Promise<void>;
}

/**
 * Sends mail off the request's critical path, so the SMTP server's latency never shows in an answer's
 * timing: forgot-password must take as long for an unknown email as for a known one (issue 14 point 8).
 */
export function createBackgroundMailer(
  mailer: Mailer,
  log: { error(details: object, message: string): void },
): BackgroundMailer {
  const inFlight = new Set<Promise<void>>();
  return {
    sendLater(message) {
      const sending = mailer
        .send(message)
        .catch((error: unknown) => log.error({ err: error, subject: message.subject }, 'mail not sent'))
        .finally(() => inFlight.delete(sending));
      inFlight.add(sending);
    },
    async settle() {
      await Promise.all([...inFlight]);
    },
  };
}

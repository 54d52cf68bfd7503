import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

const URL_PATTERN = /https?:\/\/[^\s"'<>]+/g;

export function extractLinks(text: string): string[] {
  return [...new Set(text.match(URL_PATTERN) ?? [])];
}

/** SMTP when SMTP_URL is set; otherwise each mail becomes a JSON file in DATA_DIR/outbox and a log line. */
export function createMailer(options: {
  smtpUrl?: string | undefined;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
        options.log.info({ to: message.to, subject: message.subject }, 'mail sent');
      },
    };
  }
  let counter = 0;
  return {
    async send(message) {
      await mkdir(options.outboxDir, { recursive: true });
      counter += 1;
      const file = path.join(options.outboxDir, `${Date.now()}-${process.pid}-${counter}.json`);
      const links = extractLinks(message.text);
      const body = { ...message, from: options.from, links, sentAt: new Date().toISOString() };
      await writeFile(file, JSON.stringify(body, null, 2));
      options.log.info(
        { to: message.to, subject: message.subject, links, file },
        `mail written to outbox: ${links.join(' ')}`,
      );
    },
  };
}

import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeInvitationMail } from './mail-templates';
import { createMailer } from './mailer';

const log = pino({ level: 'silent' });
const received: { from: string; to: string[]; raw: string }[] = [];
let smtp: SMTPServer;
let port: number;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (c: Buffer) => (raw += c.toString()));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw,
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  port = (smtp.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => smtp.close(() => resolve())));

const link = 'http://localhost:3000/reset-password/ada%40example.com/abc123';

describe('mailer', () => {
  it('sends through SMTP when SMTP_URL is set', async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Tideline <no-reply@tideline.test>',
      outboxDir: '/nonexistent',
      log,
    });
    await mailer.send(composeInvitationMail('ada@example.com', 'Ada', link, 72));
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ from: 'no-reply@tideline.test', to: ['ada@example.com'] });
    expect(received[0]!.raw).toContain('Subject: Your Tideline account');
    expect(received[0]!.raw).toContain(link);
  });

  it('writes to the outbox with the links when no SMTP is configured', async () => {
    const outboxDir = await mkdtemp(path.join(os.tmpdir(), 'outbox-'));
    const mailer = createMailer({ from: 'Tideline <no-reply@tideline.test>', outboxDir, log });
    await mailer.send(composeInvitationMail('ada@example.com', 'Ada <script>', link, 72));
    const [file] = await readdir(outboxDir);
    const mail = JSON.parse(await readFile(path.join(outboxDir, file!), 'utf8'));
    expect(mail).toMatchObject({ to: 'ada@example.com', subject: 'Your Tideline account', links: [link] });
    expect(mail.html).toContain('Ada &#60;script&#62;');
  });
});

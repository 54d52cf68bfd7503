import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { DATA_DIR } from './env';

// Without SMTP the server writes each mail as a JSON file in DATA_DIR/outbox (architecture.md).
interface OutboxMail {
  to: string;
  subject: string;
  links: string[];
  sentAt: string;
}

function readMails(to: string): OutboxMail[] {
  const dir = path.join(DATA_DIR, 'outbox');
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .map((name) => JSON.parse(readFileSync(path.join(dir, name), 'utf8')) as OutboxMail)
    .filter((mail) => mail.to.toLowerCase() === to.toLowerCase())
    .sort((a, b) => a.sentAt.localeCompare(b.sentAt));
}

/** Waits for the newest mail to `to` holding a link that matches, and returns the link. */
export async function waitForMailLink(to: string, pattern: RegExp, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const link = readMails(to)
      .flatMap((mail) => mail.links)
      .filter((l) => pattern.test(l))
      .at(-1);
    if (link) return link;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`No mail to ${to} with a link matching ${pattern} within ${timeoutMs} ms`);
}

export function countMails(to: string): number {
  return readMails(to).length;
}

import { EXCEPTION_KIND_LABELS } from '@tideline/contracts/exceptions/exceptions.schemas';
import type { MailMessage } from '../../platform/mail/mailer';
import type { DigestRow } from './exception-digest.queries';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The queue filtered to one client: the page that fixes the exception is one click from there. */
export const exceptionsPageUrl = (publicUrl: string, clientId: number) =>
  `${publicUrl}/exceptions?clientId=${clientId}`;

/** "3 new and 2 overdue exceptions" (only the parts there are). */
function countsOf(fresh: number, overdue: number): string {
  const parts = [fresh > 0 ? `${fresh} new` : null, overdue > 0 ? `${overdue} overdue` : null].filter(
    Boolean,
  );
  return `${parts.join(' and ')} exception${fresh + overdue === 1 ? '' : 's'}`;
}

function lineOf(row: DigestRow, publicUrl: string) {
  const due = row.dueDate ? `due ${row.dueDate}` : 'no due date';
  return {
    text: `${row.clientName} · ${EXCEPTION_KIND_LABELS[row.kind]}: ${row.summary} (${due})`,
    link: exceptionsPageUrl(publicUrl, row.clientId),
  };
}

/**
 * One user's daily digest (issue 43 point 5): their overdue exceptions, then the new ones, each with
 * its client, kind, sentence, due date and a link to the queue of its client. An exception both new
 * and overdue (its owner moved the date back) is counted once, as overdue.
 */
export function composeExceptionDigestMail(
  recipient: { email: string; firstName: string },
  rows: readonly DigestRow[],
  publicUrl: string,
): MailMessage {
  const overdue = rows.filter((r) => r.isOverdue);
  const fresh = rows.filter((r) => !r.isOverdue);
  const sections = [
    { title: `Overdue (${overdue.length})`, rows: overdue },
    { title: `New in the last 24 hours (${fresh.length})`, rows: fresh },
  ].filter((s) => s.rows.length > 0);
  const intro = `Hello ${recipient.firstName},`;
  const counts = countsOf(fresh.length, overdue.length);
  const lead = `Assigned to you: ${counts}.`;
  const footer = `You receive this mail because the daily exceptions digest is on in My Account: ${publicUrl}/my-account`;

  const text = [
    intro,
    lead,
    ...sections.flatMap((s) => [
      '',
      s.title,
      ...s.rows.flatMap((r) => {
        const line = lineOf(r, publicUrl);
        return [`- ${line.text}`, `  ${line.link}`];
      }),
    ]),
    '',
    footer,
    '',
    'Tideline',
  ].join('\n');
  const html = [
    `<p>${escapeHtml(intro)}</p>`,
    `<p>${escapeHtml(lead)}</p>`,
    ...sections.flatMap((s) => [
      `<h3>${escapeHtml(s.title)}</h3>`,
      '<ul>',
      ...s.rows.map((r) => {
        const line = lineOf(r, publicUrl);
        return `<li>${escapeHtml(line.text)} <a href="${escapeHtml(line.link)}">Open</a></li>`;
      }),
      '</ul>',
    ]),
    `<p style="color:#666">${escapeHtml(footer)}</p>`,
  ].join('\n');
  return { to: recipient.email, subject: `Tideline: ${counts}`, text, html };
}

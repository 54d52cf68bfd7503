import type { MailMessage } from '../../platform/mail/mailer';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Where the note can be read: the linked record's page, or the dashboard's notes table. */
export function notePageUrl(
  publicUrl: string,
  link: { tableLinkedTo: string | null; linkedId: number | null; clientId: number | null },
): string {
  if (link.tableLinkedTo === 'clients') return `${publicUrl}/client-management/${link.linkedId}`;
  if (link.tableLinkedTo === 'accounts')
    return `${publicUrl}/client-management/${link.clientId}/${link.linkedId}`;
  if (link.tableLinkedTo === 'templates') return `${publicUrl}/client-management/${link.clientId}`;
  if (link.tableLinkedTo === 'batches') return `${publicUrl}/data-ingestion/${link.clientId}`;
  return `${publicUrl}/dashboard`;
}

/** Tells a user they were tagged on a note (issue 6: tagging notifies by email, once per newly tagged user). */
export function composeNoteTaggedMail(input: {
  to: string;
  firstName: string;
  authorName: string;
  noteTitle: string;
  link: string;
}): MailMessage {
  const lines = [
    `Hello ${input.firstName},`,
    `${input.authorName} tagged you on the note "${input.noteTitle}".`,
  ];
  return {
    to: input.to,
    subject: `You were tagged on a note: ${input.noteTitle}`,
    text: [...lines, '', `Open it: ${input.link}`, '', 'Tideline'].join('\n'),
    html: [
      ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
      `<p><a href="${escapeHtml(input.link)}">Open the note</a></p>`,
    ].join('\n'),
  };
}

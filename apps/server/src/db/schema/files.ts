import { bigint, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

// Every stored file: the object key in storage plus what we learned checking it (type by content).
// storageKey is where the bytes are now: the upload key while pending, a final key once checked.
export const files = pgTable(
  'files',
  {
    fileId: serial('file_id').primaryKey(),
    storageKey: text('storage_key').notNull().unique(),
    // The one key an upload form was signed for; uploadedAt makes the form single-use across processes.
    uploadKey: text('upload_key').unique(),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }),
    fileName: text('file_name').notNull(),
    contentType: text('content_type'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    clientId: integer('client_id'),
    uploadedBy: integer('uploaded_by'),
    status: text('status', { enum: ['pending', 'stored', 'rejected'] })
      .notNull()
      .default('pending'),
    rejectReason: text('reject_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('files_client_idx').on(t.clientId)],
);

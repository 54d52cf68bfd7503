import { index, pgTable, serial, smallint, text, timestamp } from 'drizzle-orm/pg-core';

// platform.md 3 "Client list row". Minimal for now: user management needs names and the foreign key;
// the clients issue adds the rest of the client's fields.
export const clients = pgTable(
  'clients',
  {
    clientId: serial('client_id').primaryKey(),
    clientName: text('client_name').notNull(),
    // platform.md 4.5: active (1) or inactive (0).
    status: smallint('status').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('clients_name_idx').on(t.clientName)],
);

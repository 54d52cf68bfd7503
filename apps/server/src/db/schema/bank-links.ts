import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { bankClientRelationships } from './banks';
import { users } from './users';

// ingestion.md "Pull providers": one provider connection per bank relationship (issue 16 point 8).
// The access token is stored only encrypted (AES-256-GCM, the key from configuration, bound to the
// relationship id), never in plain text: a database copy alone does not reach the bank's data.
export const bankLinks = pgTable(
  'bank_links',
  {
    bankLinkId: serial('bank_link_id').primaryKey(),
    clientId: integer('client_id').notNull(),
    bankClientRelId: integer('bank_client_rel_id').notNull(),
    provider: text('provider', { enum: ['Plaid'] }).notNull(),
    // The provider's id of the connection (Plaid item_id): no secret, Plaid support asks for it.
    itemId: text('item_id').notNull(),
    accessTokenCiphertext: text('access_token_ciphertext').notNull(),
    createdBy: integer('created_by').references(() => users.userId, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'bank_links_relationship_fk',
      columns: [t.clientId, t.bankClientRelId],
      foreignColumns: [bankClientRelationships.clientId, bankClientRelationships.bankClientRelId],
    }).onDelete('cascade'),
    unique('bank_links_relationship_key').on(t.bankClientRelId),
    index('bank_links_client_idx').on(t.clientId),
    check('bank_links_provider_check', sql`${t.provider} in ('Plaid')`),
  ],
);

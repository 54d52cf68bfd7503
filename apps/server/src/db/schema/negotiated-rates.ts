import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { banks } from './banks';
import { clients } from './clients';
import { quoteTypes } from './settings';
import { users } from './users';

// platform.md 3 "Negotiated rate": a rate a bank offered a client, captured by a user. Amount and term
// are optional (platform.md 5 requires only client, bank, state, rate and realized).
export const negotiatedRates = pgTable(
  'negotiated_rates',
  {
    negotiatedRateId: serial('negotiated_rate_id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.clientId, { onDelete: 'cascade' }),
    bankId: integer('bank_id')
      .notNull()
      .references(() => banks.bankId),
    // A US state code or DC (contracts US_STATES).
    state: text('state').notNull(),
    amount: numeric('amount'),
    // Days.
    term: numeric('term'),
    // Percent.
    rate: numeric('rate').notNull(),
    quoteTypeId: integer('quote_type_id').references(() => quoteTypes.quoteTypeId),
    // Who captured it; kept as a name too so the row still says who after the user is gone.
    userId: integer('user_id').references(() => users.userId, { onDelete: 'set null' }),
    userName: text('user_name').notNull(),
    realized: smallint('realized').notNull().default(1),
    comments: text('comments'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('negotiated_rates_client_idx').on(t.clientId),
    check('negotiated_rates_realized_check', sql`${t.realized} in (0, 1)`),
  ],
);

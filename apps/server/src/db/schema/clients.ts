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

// clients-accounts-investments-reports.md 3 "Client". Clients are deactivated, never deleted.
export const clients = pgTable(
  'clients',
  {
    clientId: serial('client_id').primaryKey(),
    clientName: text('client_name').notNull(),
    // platform.md 4.5: active (1) or inactive (0).
    status: smallint('status').notNull().default(1),
    // In millions, whole numbers ('Positive number without decimal!').
    budget: integer('budget'),
    clientCategory: text('client_category'),
    clientType: text('client_type'),
    // US state code (50 states plus DC).
    state: text('state'),
    // Any number, negative or decimal ('Field must be a number.').
    initialInterest: numeric('initial_interest', { precision: 18, scale: 6 }),
    // Months (1, 2, 3, 4, 6 or 12); spec 9: default 3.
    dataGatheringFrequency: smallint('data_gathering_frequency').notNull().default(3),
    reportFrequency: smallint('report_frequency'),
    // The month (1-12) the first reporting period of the year starts in, at most reportFrequency;
    // cleared whenever reportFrequency changes (spec 4).
    reportCycle: smallint('report_cycle'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('clients_name_idx').on(t.clientName),
    index('clients_name_lower_idx').on(sql`lower(${t.clientName})`),
    check('clients_status_check', sql`${t.status} in (0, 1)`),
    check(
      'clients_report_cycle_check',
      sql`${t.reportCycle} is null or (${t.reportCycle} between 1 and 12 and (${t.reportFrequency} is null or ${t.reportCycle} <= ${t.reportFrequency}))`,
    ),
  ],
);

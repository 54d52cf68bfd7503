import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';

// What the web polls for a job: pg-boss owns the queue; this row carries progress and a readable outcome.
export const jobRuns = pgTable(
  'job_runs',
  {
    jobId: uuid('job_id').primaryKey(),
    queue: text('queue').notNull(),
    createdBy: integer('created_by'),
    clientId: integer('client_id'),
    state: text('state', { enum: ['queued', 'active', 'retrying', 'completed', 'failed'] })
      .notNull()
      .default('queued'),
    progress: smallint('progress').notNull().default(0),
    attempts: integer('attempts').notNull().default(0),
    message: text('message'),
    result: jsonb('result'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('job_runs_created_by_idx').on(t.createdBy, t.createdAt),
    // The runs not yet ended: the sweep of stopped runs, and "one run in flight per client and queue".
    index('job_runs_in_flight_idx')
      .on(t.queue, t.clientId)
      .where(sql`state in ('queued', 'active', 'retrying')`),
  ],
);

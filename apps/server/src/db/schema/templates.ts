import { foreignKey, index, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { bankClientRelationships } from './banks';
import { clients } from './clients';

// clients-accounts-investments-reports.md 3 "Import template"; ingestion.md step 3 matches files to it.
export const importTemplates = pgTable(
  'import_templates',
  {
    templateId: serial('template_id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.clientId, { onDelete: 'cascade' }),
    bankClientRelId: integer('bank_client_rel_id').notNull(),
    type: text('type', { enum: ['Transaction', 'Investment', 'Treasury'] }).notNull(),
    templateType: text('template_type', { enum: ['Header', 'Cell'] }).notNull(),
    // The one object of jsonTransform, as validated by the contracts' template schemas.
    jsonTransform: jsonb('json_transform').notNull(),
    // Header templates: the header row text the file's row `headerStart` must equal (normalised).
    headerRow: text('header_row'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'import_templates_relationship_fk',
      columns: [t.clientId, t.bankClientRelId],
      foreignColumns: [bankClientRelationships.clientId, bankClientRelationships.bankClientRelId],
    }).onDelete('cascade'),
    index('import_templates_rel_type_idx').on(t.bankClientRelId, t.type),
    index('import_templates_client_idx').on(t.clientId),
  ],
);

import { and, asc, eq, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/open-database';
import { bankClientRelationships, banks, clients, importTemplates } from '../../db/schema';

export async function selectTemplates(db: DbOrTx, where: SQL | undefined) {
  return db
    .select({ template: importTemplates, clientName: clients.clientName, bankName: banks.bankName })
    .from(importTemplates)
    .innerJoin(clients, eq(clients.clientId, importTemplates.clientId))
    .innerJoin(
      bankClientRelationships,
      eq(bankClientRelationships.bankClientRelId, importTemplates.bankClientRelId),
    )
    .innerJoin(banks, eq(banks.bankId, bankClientRelationships.bankId))
    .where(where)
    .orderBy(asc(importTemplates.templateId));
}

export async function selectTemplatesOfRel(db: DbOrTx, bankClientRelId: number, type: string) {
  return selectTemplates(
    db,
    and(
      eq(importTemplates.bankClientRelId, bankClientRelId),
      eq(importTemplates.type, type as 'Transaction'),
    ),
  );
}

export async function selectTemplateById(db: DbOrTx, templateId: number) {
  const [row] = await selectTemplates(db, eq(importTemplates.templateId, templateId));
  return row ?? null;
}

export async function lockTemplate(db: DbOrTx, templateId: number) {
  const [row] = await db
    .select()
    .from(importTemplates)
    .where(eq(importTemplates.templateId, templateId))
    .for('update');
  return row ?? null;
}

export async function insertTemplate(db: DbOrTx, values: typeof importTemplates.$inferInsert) {
  const [row] = await db.insert(importTemplates).values(values).returning();
  return row!;
}

export async function updateTemplate(
  db: DbOrTx,
  templateId: number,
  values: Partial<typeof importTemplates.$inferInsert>,
) {
  const [row] = await db
    .update(importTemplates)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(importTemplates.templateId, templateId))
    .returning();
  return row!;
}

export async function deleteTemplate(db: DbOrTx, templateId: number) {
  await db.delete(importTemplates).where(eq(importTemplates.templateId, templateId));
}

export async function selectTransactionTemplates(db: DbOrTx, where: SQL | undefined) {
  return selectTemplates(db, and(eq(importTemplates.type, 'Transaction'), where));
}

import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FeeCategoryListSchema,
  StandardizedDescriptionListSchema,
} from '@tideline/contracts/staging-treasury/staging-treasury.schemas';
import {
  TREASURY_LIST_MSG,
  TREASURY_LISTS,
  TreasuryListsSchema,
} from '@tideline/contracts/staging-treasury/treasury-list-settings.schemas';
import { auditLog } from '../../db/schema';
import {
  createTreasuryStagingWorld,
  type TreasuryStagingWorld,
} from '../../../test/staging-treasury-fixtures';
import {
  call,
  createClients,
  createRole,
  createSignedInUser,
  createTestContext,
  type SignedInUser,
  type TestContext,
} from '../../../test/test-context';

// Issue 17 point 4: the treasury pick lists edited in Global Settings (/api/administration/treasury-lists):
// add and rename with names unique without case, delete only what no row carries, a rename reaching the
// open batches' staging rows and never the books.

const BASE = '/api/administration/treasury-lists';
let ctx: TestContext;
let admin: SignedInUser;
let open: TreasuryStagingWorld;
let validated: TreasuryStagingWorld;

const db = () => ctx.database.db;
const lists = async () => TreasuryListsSchema.parse((await call(ctx, 'GET', BASE, admin)).json());

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await createSignedInUser(ctx, 'Admin');
  const [openClient, validatedClient] = (await createClients(ctx, 2, 'Treasury settings')) as [
    number,
    number,
  ];
  open = await createTreasuryStagingWorld(ctx, openClient);
  validated = await createTreasuryStagingWorld(ctx, validatedClient);
  await db().execute(sql`update batches set validated_at = now() where batch_id = ${validated.batchId}`);
});
afterAll(() => ctx.close());

/** Gives the world's first fee the names, and a booked fee of its batch the same ones. */
async function useOnFees(world: TreasuryStagingWorld, names: Record<string, string>) {
  await db().execute(sql`update staging_fees set category = ${names.category},
      sub_category = ${names.subCategory}, bank_level_exception = ${names.bankLevelException}
    where staging_fee_id = ${world.feeIds[0]!}`);
}

async function bookFee(world: TreasuryStagingWorld, category: string) {
  await db().execute(sql`insert into fees (client_id, bank_client_rel_id, period_start, period_end, batch_id,
      batch_file_id, source_row_number, amount, category)
    select b.client_id, b.bank_client_rel_id, b.start_date, b.end_date, b.batch_id, ${world.batchFileId}, 99, 5,
      ${category}
    from batches b where b.batch_id = ${world.batchId}`);
}

describe('GET /api/administration/treasury-lists', () => {
  it('answers the four seeded lists with how many rows carry each name', async () => {
    // The run's database is shared with other test files, so counts are read as what this change adds.
    const before = await lists();
    await useOnFees(open, {
      category: 'General ACH Services',
      subCategory: 'ACH Originated Items',
      bankLevelException: 'Waived',
    });
    const body = await lists();
    expect(body.msg).toBe(TREASURY_LIST_MSG.loaded);
    const ecr = (list: typeof body) =>
      list.standardizedDescriptions.find((d) => d.name === 'Earnings Credit Rate (ECR)')!;
    expect(ecr(body).isRate).toBe(true);
    expect(ecr(body).usageCount).toBe(ecr(before).usageCount);
    const waived = (list: typeof body) =>
      list.bankLevelExceptions.find((e) => e.name === 'Waived')!.usageCount;
    expect(waived(body) - waived(before)).toBe(1);
    expect(body.clientLevelExceptions.map((e) => e.name)).toContain('Disputed');
    const ach = (list: typeof body) => list.feeCategories.find((c) => c.code === '25')!;
    const sub = (list: typeof body, name: string) =>
      ach(list).subCategories.find((s) => s.name === name)!.usageCount;
    expect(ach(body).usageCount - ach(before).usageCount).toBe(1);
    expect(sub(body, 'ACH Originated Items') - sub(before, 'ACH Originated Items')).toBe(1);
    expect(sub(body, 'ACH Returns')).toBe(sub(before, 'ACH Returns'));
  });

  it('needs VIEW_GLOBAL_SETTINGS; every change needs EDIT_GLOBAL_SETTINGS', async () => {
    const viewer = await createSignedInUser(ctx, (await createRole(ctx, ['VIEW_GLOBAL_SETTINGS'])).roleName);
    const stranger = await createSignedInUser(ctx, (await createRole(ctx, ['VIEW_STAGING_FEES'])).roleName);
    expect((await call(ctx, 'GET', BASE, viewer)).statusCode).toBe(200);
    expect((await call(ctx, 'GET', BASE, stranger)).statusCode).toBe(403);
    const { feeCategories } = await lists();
    const entry = feeCategories[0]!;
    const body = { feeCategory: { code: '98', name: 'Refused' } };
    expect((await call(ctx, 'POST', `${BASE}/fee-categories`, viewer, body)).statusCode).toBe(403);
    expect(
      (await call(ctx, 'PUT', `${BASE}/fee-categories/${entry.categoryId}`, viewer, body)).statusCode,
    ).toBe(403);
    expect((await call(ctx, 'DELETE', `${BASE}/fee-categories/${entry.categoryId}`, viewer)).statusCode).toBe(
      403,
    );
    expect((await lists()).feeCategories.map((c) => c.name)).not.toContain('Refused');
  });
});

describe('add', () => {
  it('adds an entry to each list, last in its order, audited, and the pick lists offer it', async () => {
    const desc = await call(ctx, 'POST', `${BASE}/standardized-descriptions`, admin, {
      standardizedDescription: { name: 'Sweep Yield Rate', isRate: true },
    });
    expect(desc.statusCode, desc.body).toBe(201);
    expect(desc.json()).toMatchObject({
      msg: TREASURY_LISTS.standardizedDescription.msg.created,
      standardizedDescription: { name: 'Sweep Yield Rate', isRate: true },
    });
    const picked = StandardizedDescriptionListSchema.parse(
      (
        await call(ctx, 'GET', '/api/data-ingestion-treasury-services/standardized-description/list', admin)
      ).json(),
    );
    expect(picked.results.at(-1)).toMatchObject({ name: 'Sweep Yield Rate', isRate: true });

    const exception = await call(ctx, 'POST', `${BASE}/client-level-exceptions`, admin, {
      clientLevelException: { name: 'Budgeted', description: 'Planned for in the budget.' },
    });
    expect(exception.statusCode, exception.body).toBe(201);
    const category = await call(ctx, 'POST', `${BASE}/fee-categories`, admin, {
      feeCategory: { code: '97', name: 'Escrow Services' },
    });
    expect(category.statusCode, category.body).toBe(201);
    const categoryId = category.json().feeCategory.id as number;
    const sub = await call(ctx, 'POST', `${BASE}/fee-sub-categories`, admin, {
      feeSubCategory: { categoryId, name: 'Escrow Maintenance', code: '' },
    });
    expect(sub.statusCode, sub.body).toBe(201);
    expect(sub.json().feeSubCategory).toMatchObject({ categoryId, code: null, name: 'Escrow Maintenance' });
    const categories = FeeCategoryListSchema.parse(
      (await call(ctx, 'GET', '/api/data-ingestion-treasury-services/fee-categories/list', admin)).json(),
    );
    expect(
      categories.results.find((c) => c.categoryId === categoryId)?.subCategories.map((s) => s.name),
    ).toEqual(['Escrow Maintenance']);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'fee_category.created'), eq(auditLog.entityId, String(categoryId))));
    expect(audit).toMatchObject({ entity: 'fee_category', after: { code: '97', name: 'Escrow Services' } });
  });

  it('refuses a name the list has, whatever its case, and a category code taken: 409', async () => {
    const bank = await call(ctx, 'POST', `${BASE}/bank-level-exceptions`, admin, {
      bankLevelException: { name: ' waived ', description: '' },
    });
    expect(bank.statusCode).toBe(409);
    expect(bank.json()).toMatchObject({
      msg: TREASURY_LIST_MSG.duplicateName('Bank Level Exception', 'waived'),
      fieldErrors: {
        'bankLevelException.name': [TREASURY_LIST_MSG.duplicateName('Bank Level Exception', 'waived')],
      },
    });
    const code = await call(ctx, 'POST', `${BASE}/fee-categories`, admin, {
      feeCategory: { code: '25', name: 'Another ACH' },
    });
    expect(code.statusCode).toBe(409);
    expect(code.json().msg).toBe(TREASURY_LIST_MSG.duplicateCode('25'));
    const ach = (await lists()).feeCategories.find((c) => c.code === '25')!;
    const sub = await call(ctx, 'POST', `${BASE}/fee-sub-categories`, admin, {
      feeSubCategory: { categoryId: ach.categoryId, name: 'ach returns' },
    });
    expect(sub.statusCode).toBe(409);
    expect(sub.json().msg).toBe(
      TREASURY_LIST_MSG.duplicateSubCategory('ach returns', 'General ACH Services'),
    );
    // The same name under another category is another sub category.
    const wires = (await lists()).feeCategories.find((c) => c.code === '35')!;
    const elsewhere = await call(ctx, 'POST', `${BASE}/fee-sub-categories`, admin, {
      feeSubCategory: { categoryId: wires.categoryId, name: 'ACH Returns' },
    });
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
  });

  it("refuses a blank name ('Required!'), a code that is not two digits and an unknown category: 400", async () => {
    const blank = await call(ctx, 'POST', `${BASE}/standardized-descriptions`, admin, {
      standardizedDescription: { name: '  ', isRate: false },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fieldErrors['standardizedDescription.name']).toEqual(['Required!']);
    const code = await call(ctx, 'POST', `${BASE}/fee-categories`, admin, {
      feeCategory: { code: '7', name: 'One digit' },
    });
    expect(code.statusCode).toBe(400);
    expect(code.json().fieldErrors['feeCategory.code']).toEqual([TREASURY_LIST_MSG.codeFormat]);
    const orphan = await call(ctx, 'POST', `${BASE}/fee-sub-categories`, admin, {
      feeSubCategory: { categoryId: 999_999, name: 'Orphan' },
    });
    expect(orphan.statusCode).toBe(400);
    expect(orphan.json().msg).toBe(TREASURY_LIST_MSG.unknownCategory);
  });
});

describe('rename', () => {
  it('renames in the list and on the open batches staging rows, never on the books or a validated batch', async () => {
    await useOnFees(validated, {
      category: 'Lockbox Services',
      subCategory: 'Lockbox Maintenance',
      bankLevelException: 'Promotional Price',
    });
    await useOnFees(open, {
      category: 'Lockbox Services',
      subCategory: 'Lockbox Maintenance',
      bankLevelException: 'Promotional Price',
    });
    await bookFee(open, 'Lockbox Services');
    const lockbox = (await lists()).feeCategories.find((c) => c.code === '45')!;
    const res = await call(ctx, 'PUT', `${BASE}/fee-categories/${lockbox.categoryId}`, admin, {
      feeCategory: { code: '45', name: 'Lockbox and Remittance Services' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      msg: TREASURY_LISTS.feeCategory.msg.updated,
      feeCategory: { id: lockbox.categoryId, name: 'Lockbox and Remittance Services' },
    });
    const categoryOf = async (feeId: number) =>
      (await db().execute(sql`select category from staging_fees where staging_fee_id = ${feeId}`)).rows[0];
    expect(await categoryOf(open.feeIds[0]!)).toEqual({ category: 'Lockbox and Remittance Services' });
    expect(await categoryOf(validated.feeIds[0]!)).toEqual({ category: 'Lockbox Services' });
    const booked = await db().execute(sql`select category from fees where batch_id = ${open.batchId}`);
    expect(booked.rows).toEqual([{ category: 'Lockbox Services' }]);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'fee_category.updated'), eq(auditLog.entityId, String(lockbox.categoryId))),
      );
    expect(audit).toMatchObject({
      before: { name: 'Lockbox Services' },
      after: { name: 'Lockbox and Remittance Services', stagingRowsRenamed: 1 },
    });
    // The staging row still points at the entry: its sub category too after its own rename.
    const maintenance = lockbox.subCategories.find((s) => s.name === 'Lockbox Maintenance')!;
    const sub = await call(ctx, 'PUT', `${BASE}/fee-sub-categories/${maintenance.subCategoryId}`, admin, {
      feeSubCategory: { name: 'Lockbox Upkeep', code: '450000' },
    });
    expect(sub.statusCode, sub.body).toBe(200);
    const fees = (
      await call(ctx, 'GET', `/api/data-ingestion-treasury-services/fees/staging/${open.batchId}`, admin)
    ).json();
    expect(fees.results[0]).toMatchObject({
      category: 'Lockbox and Remittance Services',
      categoryId: lockbox.categoryId,
      subCategory: 'Lockbox Upkeep',
      subCategoryId: maintenance.subCategoryId,
    });
  });

  it('refuses a name another entry has (409) and answers 404 for an entry that does not exist', async () => {
    const { clientLevelExceptions } = await lists();
    const disputed = clientLevelExceptions.find((e) => e.name === 'Disputed')!;
    const clash = await call(
      ctx,
      'PUT',
      `${BASE}/client-level-exceptions/${disputed.clientLevelExceptionId}`,
      admin,
      {
        clientLevelException: { name: 'UNDER REVIEW', description: disputed.description },
      },
    );
    expect(clash.statusCode).toBe(409);
    // Its own name in another case is no clash.
    const recased = await call(
      ctx,
      'PUT',
      `${BASE}/client-level-exceptions/${disputed.clientLevelExceptionId}`,
      admin,
      { clientLevelException: { name: 'DISPUTED', description: 'Questioned with the bank.' } },
    );
    expect(recased.statusCode, recased.body).toBe(200);
    const missing = await call(ctx, 'PUT', `${BASE}/client-level-exceptions/999999`, admin, {
      clientLevelException: { name: 'Ghost', description: '' },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().msg).toBe(TREASURY_LISTS.clientLevelException.msg.notFound);
  });
});

describe('delete', () => {
  it('deletes an entry nothing carries; a category goes with its sub categories', async () => {
    const category = await call(ctx, 'POST', `${BASE}/fee-categories`, admin, {
      feeCategory: { code: '96', name: 'Temporary Services' },
    });
    const categoryId = category.json().feeCategory.id as number;
    await call(ctx, 'POST', `${BASE}/fee-sub-categories`, admin, {
      feeSubCategory: { categoryId, name: 'Temporary Item' },
    });
    const res = await call(ctx, 'DELETE', `${BASE}/fee-categories/${categoryId}`, admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ msg: TREASURY_LISTS.feeCategory.msg.deleted });
    expect((await lists()).feeCategories.map((c) => c.categoryId)).not.toContain(categoryId);
    const [audit] = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'fee_category.deleted'), eq(auditLog.entityId, String(categoryId))));
    expect(audit!.before).toMatchObject({ name: 'Temporary Services', subCategories: ['Temporary Item'] });
    expect((await call(ctx, 'DELETE', `${BASE}/fee-categories/${categoryId}`, admin)).statusCode).toBe(404);
  });

  it('refuses (409) an entry a staging row or a booked record carries, naming how many, and keeps it', async () => {
    const { bankLevelExceptions, feeCategories } = await lists();
    const promotional = bankLevelExceptions.find((e) => e.name === 'Promotional Price')!;
    const used = await call(
      ctx,
      'DELETE',
      `${BASE}/bank-level-exceptions/${promotional.bankLevelExceptionId}`,
      admin,
    );
    expect(used.statusCode).toBe(409);
    expect(used.json().msg).toBe(TREASURY_LIST_MSG.inUse('Promotional Price', 2));
    // The renamed category is on the open batch's staging row (the books and the validated batch keep
    // its old name, which no entry has any more).
    const lockbox = feeCategories.find((c) => c.code === '45')!;
    const viaSub = await call(ctx, 'DELETE', `${BASE}/fee-categories/${lockbox.categoryId}`, admin);
    expect(viaSub.statusCode).toBe(409);
    expect(viaSub.json().msg).toBe(TREASURY_LIST_MSG.inUse('Lockbox and Remittance Services', 1));
    const after = await lists();
    expect(after.bankLevelExceptions.map((e) => e.name)).toContain('Promotional Price');
    expect(after.feeCategories.map((c) => c.categoryId)).toContain(lockbox.categoryId);
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PagedList } from '@tideline/contracts';
import {
  INVESTMENT_GROUP_MSG,
  type InvestmentGroup,
  type InvestmentGroupDetail,
} from '@tideline/contracts/investments/investment-groups.schemas';
import type { Investment } from '@tideline/contracts/investments/investments.schemas';
import { createAccountRow, createRelatedBank } from '../../../test/account-fixtures';
import { insertInvestment } from '../../../test/investment-fixtures';
import {
  call,
  createClients,
  createRole,
  createSignedInUser,
  createTestContext,
  type SignedInUser,
  type TestContext,
} from '../../../test/test-context';

let ctx: TestContext;
let admin: SignedInUser;
let scoped: SignedInUser;
let viewer: SignedInUser;
let mine: number[];
let theirs: number;

const groupName = () => `Ladder ${randomUUID().slice(0, 8)}`;

async function createGroup(name = groupName()): Promise<number> {
  const res = await call(ctx, 'POST', '/api/investments/groups', admin, { investment: { groupName: name } });
  expect(res.statusCode).toBe(200);
  return (res.json() as { group: InvestmentGroup }).group.groupId;
}

const add = (groupId: number, investmentIdList: number[], user = admin) =>
  call(ctx, 'POST', `/api/investments/group-association/${groupId}`, user, {
    investment: { investmentIdList },
  });

beforeAll(async () => {
  ctx = await createTestContext();
  const [clientA, clientB] = await createClients(ctx, 2, 'Grouped');
  const accountA = await createAccountRow(ctx, clientA!, await createRelatedBank(ctx, clientA!));
  const accountB = await createAccountRow(ctx, clientB!, await createRelatedBank(ctx, clientB!));
  mine = [
    await insertInvestment(ctx, clientA!, accountA, { settlementAmount: '1000.00' }),
    await insertInvestment(ctx, clientA!, accountA, { settlementAmount: '2500.50' }),
  ];
  theirs = await insertInvestment(ctx, clientB!, accountB, { settlementAmount: '7000.00' });
  admin = await createSignedInUser(ctx, 'Admin');
  const scopedRole = await createRole(
    ctx,
    [
      'VIEW_INVESTMENTS',
      'VIEW_INVESTMENT_GROUPS',
      'ADD_INVESTMENT_GROUP_ASSOCIATIONS',
      'DELETE_INVESTMENT_GROUPS',
    ],
    true,
  );
  scoped = await createSignedInUser(ctx, scopedRole.roleName, [clientA!]);
  viewer = await createSignedInUser(ctx, (await createRole(ctx, ['VIEW_INVESTMENT_GROUPS'])).roleName);
});

afterAll(async () => {
  await ctx.close();
});

describe('investment groups', () => {
  it("creates a group ('Required!' without a name), lists it, and allows a same name after the warning", async () => {
    const blank = await call(ctx, 'POST', '/api/investments/groups', admin, {
      investment: { groupName: ' ' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().fieldErrors).toEqual({ 'investment.groupName': ['Required!'] });
    expect(
      (await call(ctx, 'POST', '/api/investments/groups', viewer, { investment: { groupName: 'x' } }))
        .statusCode,
    ).toBe(403);
    const name = groupName();
    const groupId = await createGroup(name);
    const exists = await call(
      ctx,
      'GET',
      `/api/investments/groups/name-exists?name=${name.toUpperCase()}`,
      admin,
    );
    expect(exists.json()).toEqual({ exists: true });
    await createGroup(name);
    const groups = (await call(ctx, 'GET', '/api/investments/groups', viewer)).json() as InvestmentGroup[];
    expect(groups.filter((g) => g.groupName === name)).toHaveLength(2);
    expect(groups.find((g) => g.groupId === groupId)).toMatchObject({
      countInvestments: 0,
      settlementAmountSum: 0,
    });
  });

  it('adds investments once: adding one already in the group is a no-op', async () => {
    const groupId = await createGroup();
    expect((await add(groupId, [mine[0]!, mine[1]!])).json()).toEqual({
      msg: INVESTMENT_GROUP_MSG.investmentsAdded,
      count: 2,
    });
    expect((await add(groupId, [mine[0]!])).json()).toMatchObject({ count: 0 });
    const group = (await call(ctx, 'GET', `/api/investments/groups/single/${groupId}`, admin)).json();
    expect(group).toMatchObject({ countInvestments: 2, settlementAmountSum: 3500.5 });
    const detail = (
      await call(ctx, 'GET', `/api/investments/groups/${groupId}`, admin)
    ).json() as InvestmentGroupDetail;
    expect(detail.investments.map((i) => i.id).sort()).toEqual([...mine].sort());
    expect(detail.investments[0]!.investmentGroupIdList).toContain(groupId);
    const memberOf = await call(ctx, 'GET', `/api/investments/group-association/${mine[0]}`, admin);
    expect(memberOf.json()).toContainEqual({ label: detail.groupName, value: groupId });
  });

  it('frames the paged list by group and by not-in-group', async () => {
    const groupId = await createGroup();
    await add(groupId, [mine[0]!]);
    const inGroup = await call(ctx, 'POST', '/api/investments/all/', admin, {
      filters: [{ id: 'groupId', value: groupId }],
    });
    expect((inGroup.json() as PagedList<Investment>).results.map((r) => r.id)).toEqual([mine[0]]);
    expect((inGroup.json() as PagedList<Investment>).totalCount).toBe(1);
    const notIn = await call(ctx, 'POST', '/api/investments/all/', admin, {
      filters: [{ id: 'notInGroupId', value: groupId }],
      pageSize: 500,
    });
    const notInIds = (notIn.json() as PagedList<Investment>).results.map((r) => r.id);
    expect(notInIds).toContain(mine[1]);
    expect(notInIds).not.toContain(mine[0]);
  });

  it("counts only a client-scoped user's investments and hides groups without any", async () => {
    const mixed = await createGroup();
    await add(mixed, [mine[0]!, theirs]);
    const foreign = await createGroup();
    await add(foreign, [theirs]);
    const groups = (await call(ctx, 'GET', '/api/investments/groups', scoped)).json() as InvestmentGroup[];
    expect(groups.find((g) => g.groupId === mixed)).toMatchObject({
      countInvestments: 1,
      settlementAmountSum: 1000,
    });
    expect(groups.find((g) => g.groupId === foreign)).toBeUndefined();
    const hidden = await call(ctx, 'GET', `/api/investments/groups/single/${foreign}`, scoped);
    expect(hidden.statusCode).toBe(404);
    expect(hidden.json()).toEqual({ msg: INVESTMENT_GROUP_MSG.notFound });
    const detail = (
      await call(ctx, 'GET', `/api/investments/groups/${mixed}`, scoped)
    ).json() as InvestmentGroupDetail;
    expect(detail.investments.map((i) => i.id)).toEqual([mine[0]]);
    // Adding another client's investment, or deleting a group holding one, answers as if missing.
    expect((await add(mixed, [theirs], scoped)).statusCode).toBe(404);
    const del = await call(ctx, 'DELETE', '/api/investments/groups/', scoped, { groupIds: [mixed] });
    expect(del.statusCode).toBe(404);
    const full = (await call(ctx, 'GET', `/api/investments/groups/single/${mixed}`, admin)).json();
    expect(full).toMatchObject({ countInvestments: 2, settlementAmountSum: 8000 });
  });

  it('renames, removes members and deletes groups, keeping the investments', async () => {
    const groupId = await createGroup();
    await add(groupId, [mine[0]!, mine[1]!]);
    const renamed = await call(ctx, 'PUT', `/api/investments/groups/update/${groupId}`, admin, {
      investment: { groupName: 'Renamed ladder', groupId },
    });
    expect(renamed.json()).toMatchObject({
      msg: INVESTMENT_GROUP_MSG.updated,
      group: { groupName: 'Renamed ladder' },
    });
    const removeBody = { investment: { groupId, investmentIdList: [mine[1]!] } };
    expect(
      (await call(ctx, 'DELETE', '/api/investments/group-association', viewer, removeBody)).statusCode,
    ).toBe(403);
    const removed = await call(ctx, 'DELETE', '/api/investments/group-association', admin, removeBody);
    expect(removed.json()).toEqual({ msg: INVESTMENT_GROUP_MSG.investmentsRemoved, count: 1 });
    const deleted = await call(ctx, 'DELETE', '/api/investments/groups/', admin, { groupIds: [groupId] });
    expect(deleted.json()).toEqual({ msg: INVESTMENT_GROUP_MSG.deleted, count: 1 });
    expect((await call(ctx, 'GET', `/api/investments/groups/${groupId}`, admin)).json()).toEqual({
      msg: INVESTMENT_GROUP_MSG.notFound,
    });
    expect((await call(ctx, 'GET', `/api/investments/${mine[0]}`, admin)).statusCode).toBe(200);
  });
});

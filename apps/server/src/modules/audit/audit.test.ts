import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { AuditRow, PagedList, PagedListRequest } from '@tideline/contracts';
import { auditLog } from '../../db/schema';
import {
  call,
  createRole,
  createSignedInUser,
  createTestContext,
  type SignedInUser,
  type TestContext,
} from '../../../test/test-context';

let ctx: TestContext;
let auditor: SignedInUser;
let nobody: SignedInUser;
// Rows of this file only: a tag in the actor, the entity and the ids, far-future dates.
const tag = randomUUID().slice(0, 8);
const entity = `probe-${tag}`;

beforeAll(async () => {
  ctx = await createTestContext();
  auditor = await createSignedInUser(ctx, (await createRole(ctx, ['VIEW_AUDIT_LOG'])).roleName);
  nobody = await createSignedInUser(ctx, (await createRole(ctx, [])).roleName);
  const at = (iso: string) => new Date(iso);
  await ctx.database.db.insert(auditLog).values([
    {
      occurredAt: at('2031-01-01T00:00:00Z'),
      actorEmail: `Alice.${tag}@example.com`,
      action: 'probe.created',
      entity,
      entityId: `${tag}-1`,
    },
    {
      occurredAt: at('2031-01-02T12:00:00Z'),
      actorEmail: `alice.${tag}@example.com`,
      action: 'probe.updated',
      entity,
      entityId: `${tag}-1`,
    },
    {
      occurredAt: at('2031-01-02T23:59:59Z'),
      actorEmail: `bob.${tag}@example.com`,
      action: 'probe.updated',
      entity,
      entityId: `${tag}-2`,
    },
    {
      occurredAt: at('2031-01-03T00:00:00Z'),
      actorEmail: `bob.${tag}@example.com`,
      action: 'probe.deleted',
      entity,
      entityId: `${tag}-2`,
    },
  ]);
});
afterAll(() => ctx.close());

async function list(request: PagedListRequest, user = auditor) {
  const res = await call(ctx, 'POST', '/api/audit/list', user, request);
  return { status: res.statusCode, body: res.json() as PagedList<AuditRow> & { msg?: string } };
}
const ours = (extra: PagedListRequest['filters'] = []) => [
  { id: 'entity', value: [entity] },
  ...(extra ?? []),
];

describe('POST /api/audit/list', () => {
  it('lists newest first by default, with counts', async () => {
    const { status, body } = await list({ filters: ours() });
    expect(status).toBe(200);
    expect(body.results.map((r) => r.action)).toEqual([
      'probe.deleted',
      'probe.updated',
      'probe.updated',
      'probe.created',
    ]);
    expect(body.results[0]).toMatchObject({
      occurredAt: '2031-01-03T00:00:00.000Z',
      entity,
      entityId: `${tag}-2`,
    });
    expect(body).toMatchObject({ resultCount: 4, pageCount: 1 });
    expect(body.totalCount).toBeGreaterThanOrEqual(4);
  });

  it('filters the actor by case-insensitive prefix and actions by list', async () => {
    const alice = await list({ filters: ours([{ id: 'actorEmail', value: `ALICE.${tag}` }]) });
    expect(alice.body.results.map((r) => r.action)).toEqual(['probe.updated', 'probe.created']);
    const actions = await list({
      filters: ours([{ id: 'action', value: ['probe.created', 'probe.deleted'] }]),
    });
    expect(actions.body.resultCount).toBe(2);
  });

  it('filters dates by whole days, inclusive', async () => {
    const day = await list({
      filters: ours([{ id: 'occurredAt', value: { from: '2031-01-02', to: '2031-01-02' } }]),
    });
    expect(day.body.results.map((r) => r.actorEmail)).toEqual([
      `bob.${tag}@example.com`,
      `alice.${tag}@example.com`,
    ]);
  });

  it('searches actor, action, entity and entity id, and sorts on request', async () => {
    const byId = await list({ searchTerm: `${tag}-2`, sortOrder: [{ id: 'occurredAt', desc: false }] });
    expect(byId.body.results.map((r) => r.action)).toEqual(['probe.updated', 'probe.deleted']);
    const byEntity = await list({ searchTerm: entity.toUpperCase() });
    expect(byEntity.body.resultCount).toBe(4);
    const paged = await list({
      filters: ours(),
      pageSize: 3,
      pageIndex: 1,
      sortOrder: [{ id: 'actorEmail', desc: false }],
    });
    expect(paged.body).toMatchObject({ pageCount: 2, resultCount: 4 });
    expect(paged.body.results.map((r) => r.action)).toEqual(['probe.deleted']);
  });

  it('answers 400 for an unknown column and 403 without VIEW_AUDIT_LOG', async () => {
    const unknown = await list({ filters: [{ id: 'ipAddress', value: '1' }] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.msg).toBe("Unknown column 'ipAddress'.");
    expect((await list({}, nobody)).status).toBe(403);
  });
});

describe('GET /api/audit/facets', () => {
  it('lists the distinct entities and actions', async () => {
    const res = await call(ctx, 'GET', '/api/audit/facets', auditor);
    expect(res.statusCode).toBe(200);
    expect(res.json().entities).toContain(entity);
    expect(res.json().actions).toEqual(
      expect.arrayContaining(['probe.created', 'probe.deleted', 'auth.sign-in']),
    );
    expect((await call(ctx, 'GET', '/api/audit/facets', nobody)).statusCode).toBe(403);
  });
});

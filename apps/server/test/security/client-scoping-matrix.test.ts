import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clients } from '../../src/db/schema';
import { defineJobs } from '../../src/jobs';
import { findRoleByName } from '../../src/modules/users/users.queries';
import { createTestContext, type SignedInUser, type TestContext } from '../test-context';
import { ROUTE_CASES, roleIds, type Probe, type RouteCase } from './route-cases';
import {
  createClientRecords,
  createSecurityWorld,
  type ClientRecords,
  type SecurityWorld,
} from './security-world';

// Issue 14 point 11, client scoping: every route x another client's ids -> 404 (answered as for ids
// that exist nowhere), every list x a scoped user -> no row of another client.

let ctx: TestContext;
let world: SecurityWorld;
/** A third client's records: the admin's control requests prove each probe reaches a real record. */
let control: ClientRecords;

beforeAll(async () => {
  ctx = await createTestContext();
  // Routes that start jobs (the bulk account upload) enqueue them; no worker takes them here.
  defineJobs(ctx.platform);
  await ctx.platform.jobs.start({ work: false });
  world = await createSecurityWorld(ctx);
  const [row] = await ctx.database.db
    .insert(clients)
    .values({ clientName: `ZZC${randomUUID().slice(0, 8)} County` })
    .returning({ clientId: clients.clientId });
  control = await createClientRecords(
    ctx,
    world.admin,
    row!.clientId,
    `ZZC${randomUUID().slice(0, 8)}`,
    world.admin,
  );
  roleIds.clientViewer = (await findRoleByName(ctx.database.db, 'Client Viewer'))!.roleId;
}, 120_000);
afterAll(() => ctx.close());

const keyOf = (r: { method: string; url: string }) => `${r.method} ${r.url}`;
const methodOf = (key: string) => key.split(' ')[0] as 'GET' | 'POST' | 'PUT' | 'DELETE';

function send(key: string, probe: Probe, user: SignedInUser) {
  return ctx.app.inject({
    method: methodOf(key),
    url: probe.url,
    headers: user.auth,
    ...(probe.body === undefined ? {} : { payload: probe.body as object }),
  });
}

const entries = Object.entries(ROUTE_CASES);
const clientCases = entries.filter(
  (e): e is [string, Extract<RouteCase, { kind: 'client' }>] => e[1].kind === 'client',
);
const readCases = entries.filter(
  (e): e is [string, Extract<RouteCase, { kind: 'read' }>] => e[1].kind === 'read',
);

describe('the client-scoping matrix', () => {
  it('classifies every registered route, and only registered ones', () => {
    const registered = ctx.app.routeTable.map(keyOf).sort();
    expect(registered.filter((k) => !(k in ROUTE_CASES))).toEqual([]);
    expect(Object.keys(ROUTE_CASES).filter((k) => !registered.includes(k))).toEqual([]);
  });

  it.each(clientCases)(
    "%s with another client's ids is 404, as for ids that exist nowhere",
    async (key, c) => {
      const leaked = await send(key, c.probe(world.b), world.prober);
      const ghost = await send(key, c.probe(world.ghost), world.prober);
      if (c.expect !== 'same') expect(leaked.statusCode, leaked.body).toBe(c.expect ?? 404);
      // Indistinguishable: the same status and the same answer, word for word.
      expect({ status: leaked.statusCode, body: leaked.body }).toEqual({
        status: ghost.statusCode,
        body: ghost.body,
      });
      expect(leaked.body).not.toContain(world.b.marker);
    },
  );

  it.each(readCases)('%s shows a scoped user nothing of another client', async (key, c) => {
    const res = await send(key, c.probe?.(world) ?? { url: key.split(' ')[1]! }, world.prober);
    expect([200, 404], res.body).toContain(res.statusCode);
    expect(res.body).not.toContain(world.b.marker);
    if (c.showsA) expect(res.body).toContain(world.a.marker);
    if (c.answer !== undefined) expect(res.json()).toEqual(c.answer);
  });

  // Last, in the table's order (destructive routes at the end): the same probes reach a real record
  // for an unscoped admin, so each 404 above comes from scoping, not from a probe that misses.
  it.each(clientCases)('%s reaches the record for an admin (control)', async (key, c) => {
    const res = await send(key, c.probe(control), world.admin);
    expect([400, 403, 404], `${res.statusCode} ${res.body}`).not.toContain(res.statusCode);
    expect(res.statusCode, res.body).toBeLessThan(500);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { AuditRow, PagedList, PagedListRequest } from '@tideline/contracts';
import {
  call,
  createClients,
  createRole,
  createSignedInUser,
  createTestContext,
  type SignedInUser,
  type TestContext,
} from '../../../test/test-context';

// Security issue 14 point 9: a client-scoped auditor lists only the rows about their clients
// (audit_log.client_ids, attributed when the row is written); firm-wide rows are not theirs.
let ctx: TestContext;
let admin: SignedInUser;
let auditor: SignedInUser; // unscoped VIEW_AUDIT_LOG
let scopedAuditor: SignedInUser; // VIEW_AUDIT_LOG, client-scoped to client A
let clientA: number;
let clientB: number;
let noteOfA: number;
let noteOfB: number;
let commentOfA: number;

const addNote = async (clientId: number) => {
  const res = await call(ctx, 'POST', '/api/notes/add', admin, {
    note: { tableLinkedTo: 'clients', linkedId: clientId, noteTitle: 'Audit', noteDescription: 'Scope' },
  });
  return res.json().note.noteId as number;
};

beforeAll(async () => {
  ctx = await createTestContext();
  [clientA, clientB] = (await createClients(ctx, 2, 'Audit scope')) as [number, number];
  admin = await createSignedInUser(ctx, 'Admin');
  auditor = await createSignedInUser(ctx, (await createRole(ctx, ['VIEW_AUDIT_LOG'])).roleName);
  const scoped = await createRole(ctx, ['VIEW_AUDIT_LOG'], true);
  scopedAuditor = await createSignedInUser(ctx, scoped.roleName, [clientA]);
  noteOfA = await addNote(clientA);
  noteOfB = await addNote(clientB);
  const comment = await call(ctx, 'POST', '/api/notes/comments', admin, {
    note: { noteId: noteOfA, comment: 'Called the bank.' },
  });
  commentOfA = comment.json().comment.commentId;
  // Once deleted, only the row's snapshot (its noteId) still ties the comment to client A.
  await call(ctx, 'DELETE', `/api/notes/comments/${commentOfA}`, admin);
  await call(ctx, 'POST', '/api/roles', admin, {
    role: { roleName: `Audit ${randomUUID().slice(0, 8)}`, permissions: [], isClientScoped: false },
  });
});
afterAll(() => ctx.close());

async function list(user: SignedInUser, request: PagedListRequest) {
  const res = await call(ctx, 'POST', '/api/audit/list', user, request);
  expect(res.statusCode).toBe(200);
  return (res.json() as PagedList<AuditRow>).results.map((r) => `${r.action} ${r.entityId}`);
}
const notesAndComments: PagedListRequest = {
  filters: [{ id: 'entity', value: ['note', 'note_comment'] }],
  sortOrder: [{ id: 'occurredAt', desc: false }],
  pageSize: 100,
};

describe('POST /api/audit/list for a client-scoped auditor', () => {
  it("shows only the rows about their clients' data, deleted records included", async () => {
    expect(await list(scopedAuditor, notesAndComments)).toEqual([
      `note.created ${noteOfA}`,
      `note-comment.created ${commentOfA}`,
      `note-comment.deleted ${commentOfA}`,
    ]);
  });

  it('leaves firm-wide rows and other clients out, which an unscoped auditor sees', async () => {
    const scoped = await list(scopedAuditor, { filters: [{ id: 'entity', value: ['role'] }] });
    expect(scoped).toEqual([]);
    expect(await list(scopedAuditor, { searchTerm: String(noteOfB) })).not.toContain(
      `note.created ${noteOfB}`,
    );
    const all = await list(auditor, notesAndComments);
    expect(all).toEqual(expect.arrayContaining([`note.created ${noteOfA}`, `note.created ${noteOfB}`]));
    expect(await list(auditor, { filters: [{ id: 'entity', value: ['role'] }] })).not.toEqual([]);
  });

  it('offers in the filter dialog only the entities of their rows', async () => {
    const facets = (await call(ctx, 'GET', '/api/audit/facets', scopedAuditor)).json();
    expect(facets.entities).toContain('note');
    expect(facets.entities).not.toContain('role');
    expect((await call(ctx, 'GET', '/api/audit/facets', auditor)).json().entities).toContain('role');
  });
});

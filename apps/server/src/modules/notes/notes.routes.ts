import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  NOTE_MSG,
  NoteBodySchema,
  NoteCategoryOptionSchema,
  NoteIdParamsSchema,
  NoteIdsBodySchema,
  NoteRemoveBodySchema,
  NoteResultSchema,
  NoteSchema,
  NotesChangedSchema,
} from '@tideline/contracts/notes/notes.schemas';
import type { Db } from '../../db/open-database';
import { auditContextOf } from '../../platform/audit/write-audit';
import type { Mailer } from '../../platform/mail/mailer';
import { createNoteStatesService } from './note-states.service';
import { selectActiveCategoryOptions } from './notes.queries';
import { createNotesService } from './notes.service';

const notesList = { 200: z.array(NoteSchema) };
const byId = { params: NoteIdParamsSchema, response: notesList };

// platform.md 7 "Notes" (prefix /api/notes). Every read needs VIEW_NOTES; the service narrows what a
// client-scoped user sees and checks the per-note rules of 4.4. Comments: note-comments.routes.ts.
export function notesRoutes(deps: { db: Db; mailer: Mailer; publicUrl: string }): FastifyPluginAsyncZod {
  return async (app) => {
    const notes = createNotesService({ ...deps, log: app.log });
    const states = createNoteStatesService(deps);
    const view = { access: { permissions: ['VIEW_NOTES'] as const } };

    app.get(
      '/categories/list',
      {
        config: { access: { permissions: ['VIEW_NOTES', 'ADD_NOTES', 'EDIT_NOTES'] } },
        schema: { response: { 200: z.array(NoteCategoryOptionSchema) } },
      },
      () => selectActiveCategoryOptions(deps.db),
    );
    app.get('/all', { config: view, schema: { response: notesList } }, (req) =>
      notes.listNotes(req.currentUser!, { resolved: false }),
    );
    app.get('/client/:id', { config: view, schema: byId }, (req) =>
      notes.listNotes(req.currentUser!, { resolved: false, link: { table: 'clients', id: req.params.id } }),
    );
    app.get('/account/:id', { config: view, schema: byId }, (req) =>
      notes.listNotes(req.currentUser!, { resolved: false, link: { table: 'accounts', id: req.params.id } }),
    );
    app.get('/batch/:id', { config: view, schema: byId }, (req) =>
      notes.listNotes(req.currentUser!, { resolved: false, link: { table: 'batches', id: req.params.id } }),
    );
    app.get(
      '/resolve',
      { config: { access: { permissions: ['VIEW_RESOLVED_NOTES'] } }, schema: { response: notesList } },
      (req) => notes.listNotes(req.currentUser!, { resolved: true }),
    );
    app.get(
      '/:id',
      { config: view, schema: { params: NoteIdParamsSchema, response: { 200: NoteSchema } } },
      (req) => notes.findNote(req.currentUser!, req.params.id),
    );
    app.post(
      '/add',
      {
        config: { access: { permissions: ['ADD_NOTES'] } },
        schema: { body: NoteBodySchema, response: { 201: NoteResultSchema } },
      },
      async (req, reply) => {
        const note = await notes.addNote(req.currentUser!, req.body.note, auditContextOf(req));
        return reply.status(201).send({ msg: NOTE_MSG.added, note });
      },
    );
    app.put(
      '/:id',
      {
        config: { access: { permissions: ['EDIT_NOTES'] } },
        schema: { params: NoteIdParamsSchema, body: NoteBodySchema, response: { 200: NoteResultSchema } },
      },
      async (req) => {
        const note = await notes.editNote(
          req.currentUser!,
          req.params.id,
          req.body.note,
          auditContextOf(req),
        );
        return { msg: NOTE_MSG.updated, note };
      },
    );
    // 4.4: the author or a tagged user may resolve and restore without RESOLVE_NOTES / RESTORE_NOTES,
    // so the route asks only for VIEW_NOTES and the service checks each note.
    app.put(
      '/resolve',
      { config: view, schema: { body: NoteIdsBodySchema, response: { 200: NotesChangedSchema } } },
      async (req) => {
        const count = await states.resolveNotes(req.currentUser!, req.body.note.ids, auditContextOf(req));
        return { msg: NOTE_MSG.resolved, count };
      },
    );
    app.put(
      '/restore',
      { config: view, schema: { body: NoteIdsBodySchema, response: { 200: NotesChangedSchema } } },
      async (req) => {
        const count = await states.restoreNotes(req.currentUser!, req.body.note.ids, auditContextOf(req));
        return { msg: NOTE_MSG.restored, count };
      },
    );
    app.delete(
      '/remove',
      {
        config: { access: { permissions: ['DELETE_NOTES'] } },
        schema: { body: NoteRemoveBodySchema, response: { 200: NotesChangedSchema } },
      },
      async (req) => {
        const count = await states.deleteNotes(req.currentUser!, req.body.note.noteIds, auditContextOf(req));
        return { msg: NOTE_MSG.deleted, count };
      },
    );
  };
}

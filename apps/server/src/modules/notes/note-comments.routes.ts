import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MessageSchema } from '@tideline/contracts';
import {
  CommentEditBodySchema,
  CommentResultSchema,
  NOTE_MSG,
  NewCommentBodySchema,
  NoteCommentSchema,
  NoteIdParamsSchema,
} from '@tideline/contracts/notes/notes.schemas';
import type { Db } from '../../db/open-database';
import { auditContextOf } from '../../platform/audit/write-audit';
import { createNoteCommentsService } from './note-comments.service';

// platform.md 7 "Notes", the /comments calls (prefix /api/notes). Anyone who may see a note may
// comment on it; changing someone else's comment needs EDIT_COMMENTS / DELETE_COMMENTS (service).
export function noteCommentsRoutes(deps: { db: Db }): FastifyPluginAsyncZod {
  const comments = createNoteCommentsService(deps);
  const view = { access: { permissions: ['VIEW_NOTES'] as const } };
  return async (app) => {
    app.get(
      '/comments/all/:id',
      { config: view, schema: { params: NoteIdParamsSchema, response: { 200: z.array(NoteCommentSchema) } } },
      (req) => comments.listComments(req.currentUser!, req.params.id),
    );
    app.post(
      '/comments',
      { config: view, schema: { body: NewCommentBodySchema, response: { 201: CommentResultSchema } } },
      async (req, reply) => {
        const comment = await comments.addComment(req.currentUser!, req.body.note, auditContextOf(req));
        return reply.status(201).send({ msg: NOTE_MSG.commentAdded, comment });
      },
    );
    app.put(
      '/comments/:id',
      {
        config: view,
        schema: {
          params: NoteIdParamsSchema,
          body: CommentEditBodySchema,
          response: { 200: CommentResultSchema },
        },
      },
      async (req) => {
        const text = req.body.note.comment;
        const comment = await comments.editComment(
          req.currentUser!,
          req.params.id,
          text,
          auditContextOf(req),
        );
        return { msg: NOTE_MSG.commentUpdated, comment };
      },
    );
    app.delete(
      '/comments/:id',
      { config: view, schema: { params: NoteIdParamsSchema, response: { 200: MessageSchema } } },
      async (req) => {
        await comments.deleteComment(req.currentUser!, req.params.id, auditContextOf(req));
        return { msg: NOTE_MSG.commentDeleted };
      },
    );
  };
}

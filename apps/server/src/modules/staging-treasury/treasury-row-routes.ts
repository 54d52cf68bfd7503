import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { Permission } from '@tideline/contracts/access/permissions';
import { StagingTreasuryChangeResultSchema } from '@tideline/contracts/staging-treasury/staging-treasury.schemas';
import type { Db } from '../../db/open-database';
import { auditContextOf } from '../../platform/audit/write-audit';
import { deleteTreasuryRows, setTreasuryValidationStatus } from './staging-treasury-validation.service';
import type { TreasurySection } from './treasury-sections';

/** One section's rows addressed by id: its path, body, and what each action needs and answers. */
export interface TreasuryRowRoutes<S extends z.ZodType> {
  path: string;
  section: TreasurySection;
  body: S;
  /** The batch and the row ids the body names. */
  idsOf: (body: z.infer<S>) => { batchId: number; ids: readonly number[] };
  validate: { permission: Permission; msg: string };
  invalidate: { permission: Permission; msg: string };
  /** Account balances have no delete in the spec. */
  remove?: { permission: Permission; msg: string };
}

/** PUT {path}/validate and /invalidate, and DELETE {path} when the section has one (spec 7). */
export function registerTreasuryRowRoutes<S extends z.ZodType>(
  app: FastifyInstance,
  db: Db,
  def: TreasuryRowRoutes<S>,
): void {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const schema = { body: def.body, response: { 200: StagingTreasuryChangeResultSchema } };
  for (const isValidated of [true, false]) {
    const action = isValidated ? def.validate : def.invalidate;
    typed.put(
      `${def.path}/${isValidated ? 'validate' : 'invalidate'}`,
      { config: { access: { permissions: [action.permission] } }, schema },
      async (req) => {
        const input = def.idsOf(req.body as z.infer<S>);
        const ctx = auditContextOf(req);
        const changedCount = await setTreasuryValidationStatus(
          db,
          req.currentUser!,
          def.section,
          input,
          isValidated,
          ctx,
        );
        return { msg: action.msg, changedCount };
      },
    );
  }
  const { remove } = def;
  if (!remove) return;
  typed.delete(
    def.path,
    { config: { access: { permissions: [remove.permission] } }, schema },
    async (req) => {
      const input = def.idsOf(req.body as z.infer<S>);
      const changedCount = await deleteTreasuryRows(
        db,
        req.currentUser!,
        def.section,
        input,
        auditContextOf(req),
      );
      return { msg: remove.msg, changedCount };
    },
  );
}

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { JobIdParamsSchema, JobStatusSchema, MessageSchema } from '@tideline/contracts';
import type { Db } from '../../db/open-database';
import type { JobRunner } from '../../platform/jobs/job-runner';
import { findJobStatus, retryJob } from './jobs.service';

// Progress of long work for the web to poll; each user sees and retries only the jobs they started.
export function jobsRoutes(deps: { db: Db; jobs: JobRunner }): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/:jobId',
      {
        config: { access: { permissions: [] } },
        schema: { params: JobIdParamsSchema, response: { 200: JobStatusSchema } },
      },
      (req) => findJobStatus(deps.db, req.currentUser!, req.params.jobId),
    );
    app.post(
      '/:jobId/retry',
      {
        config: { access: { permissions: [] } },
        schema: { params: JobIdParamsSchema, response: { 200: MessageSchema } },
      },
      async (req) => {
        await retryJob(deps, req.currentUser!, req.params.jobId);
        return { msg: 'The job will run again.' };
      },
    );
  };
}

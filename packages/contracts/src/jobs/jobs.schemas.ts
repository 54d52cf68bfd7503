import { z } from 'zod';

export const JobIdParamsSchema = z.object({ jobId: z.uuid('Not a job id.') });

export const JobStatusSchema = z.object({
  jobId: z.string(),
  queue: z.string(),
  state: z.enum(['queued', 'active', 'retrying', 'completed', 'failed']),
  progress: z.number().int(),
  attempts: z.number().int(),
  message: z.string().nullable(),
  result: z.unknown().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type JobStatus = z.infer<typeof JobStatusSchema>;

/** What a job's run says when its own message would be the system's (issue 40 point 1), never SQL. */
export const JOB_MSG = {
  databaseUnavailable: 'The database did not answer while this ran.',
  systemError: 'A system error stopped this run.',
  /** Its process was stopped or killed and its last attempt expired: nothing of it was kept. */
  stopped: 'The run was stopped before it finished: retry it.',
} as const;

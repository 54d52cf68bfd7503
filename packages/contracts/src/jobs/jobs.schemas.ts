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

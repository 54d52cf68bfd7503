import { z } from 'zod';

export const HealthSchema = z.object({
  // 'ok' while the database answers; 'degraded' (HTTP 503) when it does not.
  status: z.enum(['ok', 'degraded']),
  database: z.object({ reachable: z.boolean(), mode: z.enum(['embedded', 'server']), latencyMs: z.number() }),
  version: z.string(),
});
export type Health = z.infer<typeof HealthSchema>;

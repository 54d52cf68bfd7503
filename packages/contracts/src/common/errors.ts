import { z } from 'zod';

// Every failure answers { msg } with a real status; 400s add the fields that failed (architecture.md).
export const ErrorBodySchema = z.object({
  msg: z.string(),
  fieldErrors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBodySchema>;

export const MessageSchema = z.object({ msg: z.string() });
export type Message = z.infer<typeof MessageSchema>;

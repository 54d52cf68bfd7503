import { z } from 'zod';

// platform.md 3 "App user": what GET /api/users/logged-user answers.
export const LoggedUserSchema = z.object({
  userId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  permList: z.array(z.string()),
});
export type LoggedUser = z.infer<typeof LoggedUserSchema>;

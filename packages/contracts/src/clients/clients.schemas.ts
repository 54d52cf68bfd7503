import { z } from 'zod';

// The clients area grows with its own issue; user management needs the pick list now.
/** GET /api/clients/list: client id and name, limited to the clients the caller may see. */
export const ClientOptionSchema = z.object({ clientId: z.number().int(), clientName: z.string() });
export type ClientOption = z.infer<typeof ClientOptionSchema>;

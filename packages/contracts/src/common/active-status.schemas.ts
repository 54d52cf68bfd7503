import { z } from 'zod';

// Users, banks, clients and the settings lists share it; its own file so that a client's schemas do not
// bring the user-management ones with them (the client profile's first load, issue 21).

/** Active (1) or inactive (0), platform.md 4.5. */
export const ActiveStatusSchema = z.union([z.literal(1), z.literal(0)]);
export type ActiveStatus = z.infer<typeof ActiveStatusSchema>;

import { z } from 'zod';

/** A Treasury template names the account group whose sections (Balance, Fees, Account Balance) it fills. */
export const TreasuryTemplateSchema = z.object({
  accountGroupName: z.string({ error: 'Required!' }).trim().min(1, 'Required!'),
});

export type TreasuryTemplate = z.infer<typeof TreasuryTemplateSchema>;

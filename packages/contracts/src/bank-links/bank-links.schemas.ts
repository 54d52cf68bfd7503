import { z } from 'zod';
import { COLLECTION_TYPES } from '../banks/bank-lists';

// Bank links (ingestion.md "Pull providers", issue 16 point 8): the Plaid Link flow of a bank
// relationship. clients-accounts-investments-reports.md 7 "Data ingestion" names the paths, 8 "Bank
// links and ingestion" the failure texts; the rest are ours.
export const BANK_LINK_MSG = {
  linkTokenFailed: 'Failed to create Plaid link token.',
  updateLinkTokenFailed: 'Failed to create Plaid update link token.',
  removed: 'Plaid link removed successfully.',
  removeFailed: 'Failed to remove Plaid link.',
  linked: 'Plaid link created successfully.',
  linkFailed: 'Failed to create Plaid link.',
  linkUpdated: 'Plaid link updated successfully.',
  linkLoadFailed: 'Plaid Link could not be loaded. Check the connection and try again.',
  plaidNotConfigured: 'Plaid is not configured on this server.',
  munitrustNotConfigured: 'Munitrust is not configured on this server.',
  noLink: 'This bank has no Plaid link. Create a Plaid link first.',
  tokenUnreadable:
    'The stored Plaid link cannot be read with the configured key. Remove the Plaid link and create it again.',
  pullFailed: 'Failed to pull transaction data.',
  notPulled: 'Pull Transaction Data is only for banks collected through Plaid or Munitrust.',
  notReady: "Plaid has not finished gathering this bank's transactions yet. Try again in a few minutes.",
} as const;

/** Removing a link returns the relationship to the default: its statements come by upload again. */
export const UNLINKED_COLLECTION_TYPE = 'File Upload' satisfies (typeof COLLECTION_TYPES)[number];

const bcrId = z.number({ error: 'Select a bank relationship.' }).int().positive();

/** POST /api/data-ingestion/create-link-token (the spec shows no body; the relationship is ours). */
export const CreateLinkTokenBodySchema = z.object({ bcrId });
export type CreateLinkTokenBody = z.infer<typeof CreateLinkTokenBodySchema>;

/** /create-update-link-token/{id} and /remove-plaid-link/{id}: id is the bankClientRelId. */
export const BankLinkParamsSchema = z.object({ id: z.coerce.number().int().positive() });

/** What Link is opened with: Plaid's short-lived link token (never the access token). */
export const LinkTokenSchema = z.object({ linkToken: z.string(), expiration: z.string() });
export type LinkToken = z.infer<typeof LinkTokenSchema>;

/** POST /api/data-ingestion/set-access-token: Link's public token, exchanged on the server. */
export const SetAccessTokenBodySchema = z.object({
  bcrId,
  publicToken: z.string().trim().min(1, 'Required!').max(500),
});
export type SetAccessTokenBody = z.infer<typeof SetAccessTokenBodySchema>;

/** Answer of set-access-token and remove-plaid-link: the message and the relationship's new type. */
export const BankLinkResultSchema = z.object({
  msg: z.string(),
  collectionType: z.enum(COLLECTION_TYPES),
});
export type BankLinkResult = z.infer<typeof BankLinkResultSchema>;

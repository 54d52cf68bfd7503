import {
  QuarterChecklistSchema,
  type QuarterChecklist,
} from '@tideline/contracts/quarter-checklist/quarter-checklist.schemas';
import { apiRequest } from '../../lib/api-client';

/** GET /api/quarter-checklist/{clientId}. */
export async function fetchQuarterChecklist(clientId: number): Promise<QuarterChecklist> {
  return QuarterChecklistSchema.parse(await apiRequest(`/quarter-checklist/${clientId}`));
}

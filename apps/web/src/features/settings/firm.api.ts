import {
  FirmResultSchema,
  FirmSchema,
  type Firm,
  type FirmInput,
} from '@tideline/contracts/settings/firm.schemas';
import { apiRequest } from '../../lib/api-client';

// Global Settings "Firm" (ours, issue 42 point 5): GET and PUT /api/administration/firm.

export async function fetchFirm(): Promise<Firm> {
  return FirmSchema.parse(await apiRequest('/administration/firm'));
}

export async function updateFirm(firm: FirmInput) {
  return FirmResultSchema.parse(await apiRequest('/administration/firm', { method: 'PUT', body: { firm } }));
}

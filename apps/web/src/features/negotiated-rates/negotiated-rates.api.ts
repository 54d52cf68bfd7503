import { BankOptionSchema, type BankOption } from '@tideline/contracts/banks/banks.schemas';
import { ClientOptionSchema, type ClientOption } from '@tideline/contracts/clients/clients.schemas';
import { MessageSchema } from '@tideline/contracts/common/errors';
import {
  NegotiatedRateResultSchema,
  NegotiatedRateSchema,
  type NegotiatedRate,
  type NegotiatedRateInput,
} from '@tideline/contracts/negotiated-rates/negotiated-rates.schemas';
import {
  SettingTypeOptionSchema,
  type SettingTypeOption,
} from '@tideline/contracts/settings/setting-types.schemas';
import { apiRequest } from '../../lib/api-client';

// platform.md 7 "Dashboard" (the negotiated-rate calls) and clients-accounts-investments-reports.md 7.

export async function fetchNegotiatedRates(): Promise<NegotiatedRate[]> {
  return NegotiatedRateSchema.array().parse(await apiRequest('/dashboard/negotiated-rates'));
}

export async function fetchClientNegotiatedRates(clientId: number): Promise<NegotiatedRate[]> {
  return NegotiatedRateSchema.array().parse(await apiRequest(`/clients/negotiated-rates/${clientId}`));
}

export async function createNegotiatedRate(negotiatedRates: NegotiatedRateInput) {
  const answer = await apiRequest('/dashboard/negotiated-rates/', {
    method: 'POST',
    body: { negotiatedRates },
  });
  return NegotiatedRateResultSchema.parse(answer);
}

export async function updateNegotiatedRate(id: number, negotiatedRates: NegotiatedRateInput) {
  const answer = await apiRequest(`/dashboard/negotiated-rates/${id}`, {
    method: 'PUT',
    body: { negotiatedRates },
  });
  return NegotiatedRateResultSchema.parse(answer);
}

export async function deleteNegotiatedRate(id: number): Promise<{ msg?: string }> {
  const parsed = MessageSchema.safeParse(
    await apiRequest(`/dashboard/negotiated-rates/${id}`, { method: 'DELETE' }),
  );
  return { msg: parsed.success ? parsed.data.msg : undefined };
}

/** The form's pick lists (platform.md 7 "Other shared calls": client list and quote-type list). */
export async function fetchClientOptions(): Promise<ClientOption[]> {
  return ClientOptionSchema.array().parse(await apiRequest('/clients/list'));
}

export async function fetchBankOptions(): Promise<BankOption[]> {
  return BankOptionSchema.array().parse(await apiRequest('/banks/list'));
}

/** Active quote types only: deactivated ones leave the choice list (issue 6 point 1). */
export async function fetchQuoteTypeOptions(): Promise<SettingTypeOption[]> {
  return SettingTypeOptionSchema.array().parse(await apiRequest('/administration/quote-types/list'));
}

import {
  BankSchema,
  InstitutionTypeOptionSchema,
  type Bank,
  type BankInput,
  type InstitutionTypeOption,
} from '@tideline/contracts/banks/banks.schemas';
import { NumberListSchema } from '@tideline/contracts/clients/clients.schemas';
import { MessageSchema } from '@tideline/contracts/common/errors';
import { apiRequest } from '../../lib/api-client';

// clients-accounts-investments-reports.md 7 "Banks" (/api/banks).

export interface BankWriteResult {
  msg?: string;
  bank: Bank;
}

function writeResultOf(answer: unknown): BankWriteResult {
  const parsed = MessageSchema.safeParse(answer);
  const bank = answer && typeof answer === 'object' && 'bank' in answer ? answer.bank : undefined;
  return { msg: parsed.success ? parsed.data.msg : undefined, bank: BankSchema.parse(bank) };
}

export async function fetchBanks(): Promise<Bank[]> {
  return BankSchema.array().parse(await apiRequest('/banks/all'));
}

export async function fetchAllowedDataGatheringValues(): Promise<number[]> {
  return NumberListSchema.parse(await apiRequest('/banks/allowed-data-gathering-values'));
}

/** Spec 8: a failed institution type list yields an empty list silently. */
export async function fetchInstitutionTypes(): Promise<InstitutionTypeOption[]> {
  try {
    return InstitutionTypeOptionSchema.array().parse(await apiRequest('/banks/types/list'));
  } catch (error) {
    console.error('Loading the institution types failed', error);
    return [];
  }
}

export async function createBank(bank: BankInput): Promise<BankWriteResult> {
  return writeResultOf(await apiRequest('/banks/add', { method: 'POST', body: { bank } }));
}

export async function updateBank(bankId: number, bank: BankInput): Promise<BankWriteResult> {
  return writeResultOf(await apiRequest(`/banks/${bankId}`, { method: 'PUT', body: { bank } }));
}

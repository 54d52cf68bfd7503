import type {
  InvestmentGroup,
  InvestmentGroupDetail,
} from '@tideline/contracts/investments/investment-groups.schemas';
import { apiRequest } from '../../lib/api-client';
import { messageOf } from './investments.api';

// clients-accounts-investments-reports.md 7 "Investments": the /groups and /group-association calls.

// Loaded with the first answer (as investments.api.ts's): the investments' queries, which a client
// profile's Maturing Investments reads, name these calls too.
const groupSchemas = () => import('@tideline/contracts/investments/investment-groups.schemas');

export async function fetchInvestmentGroups(): Promise<InvestmentGroup[]> {
  const answer = await apiRequest('/investments/groups');
  const { InvestmentGroupSchema } = await groupSchemas();
  return InvestmentGroupSchema.array().parse(answer);
}

export async function fetchInvestmentGroup(groupId: number): Promise<InvestmentGroup> {
  const answer = await apiRequest(`/investments/groups/single/${groupId}`);
  const { InvestmentGroupSchema } = await groupSchemas();
  return InvestmentGroupSchema.parse(answer);
}

export async function fetchInvestmentGroupDetail(groupId: number): Promise<InvestmentGroupDetail> {
  const answer = await apiRequest(`/investments/groups/${groupId}`);
  const { InvestmentGroupDetailSchema } = await groupSchemas();
  return InvestmentGroupDetailSchema.parse(answer);
}

export async function createInvestmentGroup(
  groupName: string,
): Promise<{ msg: string; group: InvestmentGroup }> {
  const answer = await apiRequest('/investments/groups', {
    method: 'POST',
    body: { investment: { groupName } },
  });
  const { InvestmentGroupResultSchema } = await groupSchemas();
  return InvestmentGroupResultSchema.parse(answer);
}

export async function renameInvestmentGroup(
  groupId: number,
  groupName: string,
): Promise<{ msg: string; group: InvestmentGroup }> {
  const answer = await apiRequest(`/investments/groups/update/${groupId}`, {
    method: 'PUT',
    body: { investment: { groupName, groupId } },
  });
  const { InvestmentGroupResultSchema } = await groupSchemas();
  return InvestmentGroupResultSchema.parse(answer);
}

export async function deleteInvestmentGroups(groupIds: number[]): Promise<string | undefined> {
  return messageOf(await apiRequest('/investments/groups/', { method: 'DELETE', body: { groupIds } }));
}

export async function addGroupInvestments(groupId: number, investmentIds: number[]): Promise<string> {
  const answer = await apiRequest(`/investments/group-association/${groupId}`, {
    method: 'POST',
    body: { investment: { investmentIdList: investmentIds } },
  });
  const { GroupInvestmentsCountSchema } = await groupSchemas();
  return GroupInvestmentsCountSchema.parse(answer).msg;
}

export async function removeGroupInvestments(groupId: number, investmentIds: number[]): Promise<string> {
  const answer = await apiRequest('/investments/group-association', {
    method: 'DELETE',
    body: { investment: { groupId, investmentIdList: investmentIds } },
  });
  const { GroupInvestmentsCountSchema } = await groupSchemas();
  return GroupInvestmentsCountSchema.parse(answer).msg;
}

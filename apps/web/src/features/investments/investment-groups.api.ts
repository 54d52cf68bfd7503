import {
  GroupInvestmentsCountSchema,
  InvestmentGroupDetailSchema,
  InvestmentGroupResultSchema,
  InvestmentGroupSchema,
  type InvestmentGroup,
  type InvestmentGroupDetail,
} from '@tideline/contracts/investments/investment-groups.schemas';
import { apiRequest } from '../../lib/api-client';
import { messageOf } from './investments.api';

// clients-accounts-investments-reports.md 7 "Investments": the /groups and /group-association calls.

export async function fetchInvestmentGroups(): Promise<InvestmentGroup[]> {
  return InvestmentGroupSchema.array().parse(await apiRequest('/investments/groups'));
}

export async function fetchInvestmentGroup(groupId: number): Promise<InvestmentGroup> {
  return InvestmentGroupSchema.parse(await apiRequest(`/investments/groups/single/${groupId}`));
}

export async function fetchInvestmentGroupDetail(groupId: number): Promise<InvestmentGroupDetail> {
  return InvestmentGroupDetailSchema.parse(await apiRequest(`/investments/groups/${groupId}`));
}

export async function createInvestmentGroup(
  groupName: string,
): Promise<{ msg: string; group: InvestmentGroup }> {
  return InvestmentGroupResultSchema.parse(
    await apiRequest('/investments/groups', { method: 'POST', body: { investment: { groupName } } }),
  );
}

export async function renameInvestmentGroup(
  groupId: number,
  groupName: string,
): Promise<{ msg: string; group: InvestmentGroup }> {
  return InvestmentGroupResultSchema.parse(
    await apiRequest(`/investments/groups/update/${groupId}`, {
      method: 'PUT',
      body: { investment: { groupName, groupId } },
    }),
  );
}

export async function deleteInvestmentGroups(groupIds: number[]): Promise<string | undefined> {
  return messageOf(await apiRequest('/investments/groups/', { method: 'DELETE', body: { groupIds } }));
}

export async function addGroupInvestments(groupId: number, investmentIds: number[]): Promise<string> {
  const answer = GroupInvestmentsCountSchema.parse(
    await apiRequest(`/investments/group-association/${groupId}`, {
      method: 'POST',
      body: { investment: { investmentIdList: investmentIds } },
    }),
  );
  return answer.msg;
}

export async function removeGroupInvestments(groupId: number, investmentIds: number[]): Promise<string> {
  const answer = GroupInvestmentsCountSchema.parse(
    await apiRequest('/investments/group-association', {
      method: 'DELETE',
      body: { investment: { groupId, investmentIdList: investmentIds } },
    }),
  );
  return answer.msg;
}

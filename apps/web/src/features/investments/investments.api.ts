import {
  InvestmentResultSchema,
  InvestmentSchema,
  InvestmentSourceSchema,
  InvestmentTypeOptionSchema,
  type Investment,
  type InvestmentInput,
  type InvestmentTypeOption,
} from '@tideline/contracts/investments/investments.schemas';
import {
  InvestmentBalanceWidgetSchema,
  InvestmentInterestRateSchema,
  MaturingInvestmentsSchema,
  UserMaturingInvestmentsSchema,
  type InvestmentBalanceWidget,
  type InvestmentInterestRate,
  type MaturingInvestments,
  type UserMaturingInvestments,
} from '@tideline/contracts/investments/investment-widgets.schemas';
import { MessageSchema } from '@tideline/contracts/common/errors';
import {
  pagedListSchema,
  type PagedList,
  type PagedListRequest,
} from '@tideline/contracts/paging/paging.schemas';
import { apiRequest } from '../../lib/api-client';

// clients-accounts-investments-reports.md 7 "Investments" (/api/investments) and the maturing
// investments of a client (/api/clients) and of a user (/api/dashboard).

/** The server's msg of a write, shown in the success toast. */
export function messageOf(answer: unknown): string | undefined {
  const parsed = MessageSchema.safeParse(answer);
  return parsed.success ? parsed.data.msg : undefined;
}

/** Which investments a table lists: every visible one, or one account's or one client's. */
export type InvestmentScope =
  { kind: 'all' } | { kind: 'account'; accountId: number } | { kind: 'client'; clientId: number };

const InvestmentPageSchema = pagedListSchema(InvestmentSchema);

function listPath(scope: InvestmentScope): string {
  if (scope.kind === 'account') return `/investments/account/${scope.accountId}`;
  if (scope.kind === 'client') return `/investments/client/${scope.clientId}`;
  return '/investments/all/';
}

export async function fetchInvestmentPage(
  scope: InvestmentScope,
  request: PagedListRequest,
): Promise<PagedList<Investment>> {
  return InvestmentPageSchema.parse(await apiRequest(listPath(scope), { method: 'POST', body: request }));
}

export async function fetchInvestment(id: number): Promise<Investment> {
  return InvestmentSchema.parse(await apiRequest(`/investments/${id}`));
}

export async function fetchInvestmentTypeOptions(): Promise<InvestmentTypeOption[]> {
  return InvestmentTypeOptionSchema.array().parse(await apiRequest('/investments/types/list'));
}

export async function updateInvestment(
  id: number,
  investment: InvestmentInput,
): Promise<{ msg: string; investment: Investment }> {
  return InvestmentResultSchema.parse(
    await apiRequest(`/investments/${id}`, { method: 'PUT', body: { investment } }),
  );
}

export async function deleteInvestments(ids: number[]): Promise<string | undefined> {
  return messageOf(
    await apiRequest('/investments/remove', {
      method: 'DELETE',
      body: { investment: { investmentIdList: ids } },
    }),
  );
}

/** Download Source: a signed link to the source file (fetched afterwards without the auth header). */
export async function fetchInvestmentSource(id: number): Promise<{ url: string; fileName: string }> {
  return InvestmentSourceSchema.parse(await apiRequest(`/investments/source/${id}`));
}

export async function fetchAccountBalanceWidget(accountId: number): Promise<InvestmentBalanceWidget> {
  return InvestmentBalanceWidgetSchema.parse(
    await apiRequest(`/investments/balance-widget/accounts/${accountId}`),
  );
}

export async function fetchClientBalanceWidget(clientId: number): Promise<InvestmentBalanceWidget> {
  return InvestmentBalanceWidgetSchema.parse(
    await apiRequest(`/investments/balance-widget/clients/${clientId}`),
  );
}

export async function fetchInterestRate(accountId: number): Promise<InvestmentInterestRate> {
  return InvestmentInterestRateSchema.parse(
    await apiRequest(`/investments/interest-rate-widget/${accountId}`),
  );
}

export async function fetchClientMaturingInvestments(clientId: number): Promise<MaturingInvestments> {
  return MaturingInvestmentsSchema.parse(await apiRequest(`/clients/maturing-investments/${clientId}`));
}

/** The user's maturing window (and own clients), for the 'Maturing Investments' view (state 3). */
export async function fetchUserMaturingInvestments(userId: number): Promise<UserMaturingInvestments> {
  return UserMaturingInvestmentsSchema.parse(
    await apiRequest(`/dashboard/users/maturing-investments/${userId}`),
  );
}

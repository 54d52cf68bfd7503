import type {
  Investment,
  InvestmentInput,
  InvestmentTypeOption,
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
import { loadOnce } from '../../lib/load-once';

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

// The investments' own schemas load with the first answer that needs them: the Maturing Investments
// widgets read this module for their answers only (investment-widgets.schemas), and a client profile's
// first load builds every schema its modules hold (issue 21 "Speed").
const investmentSchemas = loadOnce(async () => {
  const { InvestmentResultSchema, InvestmentSchema, InvestmentSourceSchema, InvestmentTypeOptionSchema } =
    await import('@tideline/contracts/investments/investments.schemas');
  return {
    InvestmentResultSchema,
    InvestmentSchema,
    InvestmentSourceSchema,
    InvestmentTypeOptionSchema,
    InvestmentPageSchema: pagedListSchema(InvestmentSchema),
  };
});

function listPath(scope: InvestmentScope): string {
  if (scope.kind === 'account') return `/investments/account/${scope.accountId}`;
  if (scope.kind === 'client') return `/investments/client/${scope.clientId}`;
  return '/investments/all/';
}

export async function fetchInvestmentPage(
  scope: InvestmentScope,
  request: PagedListRequest,
): Promise<PagedList<Investment>> {
  const answer = await apiRequest(listPath(scope), { method: 'POST', body: request });
  const { InvestmentPageSchema } = await investmentSchemas();
  return InvestmentPageSchema.parse(answer);
}

export async function fetchInvestment(id: number): Promise<Investment> {
  const answer = await apiRequest(`/investments/${id}`);
  const { InvestmentSchema } = await investmentSchemas();
  return InvestmentSchema.parse(answer);
}

export async function fetchInvestmentTypeOptions(): Promise<InvestmentTypeOption[]> {
  const answer = await apiRequest('/investments/types/list');
  const { InvestmentTypeOptionSchema } = await investmentSchemas();
  return InvestmentTypeOptionSchema.array().parse(answer);
}

export async function updateInvestment(
  id: number,
  investment: InvestmentInput,
): Promise<{ msg: string; investment: Investment }> {
  const answer = await apiRequest(`/investments/${id}`, { method: 'PUT', body: { investment } });
  const { InvestmentResultSchema } = await investmentSchemas();
  return InvestmentResultSchema.parse(answer);
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
  const answer = await apiRequest(`/investments/source/${id}`);
  const { InvestmentSourceSchema } = await investmentSchemas();
  return InvestmentSourceSchema.parse(answer);
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

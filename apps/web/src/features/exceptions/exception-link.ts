import type { ExceptionLink } from '@tideline/contracts/exceptions/exceptions.schemas';

/**
 * The route of the screen that fixes an exception (its link's place), as the quarter checklist's steps
 * lead (quarter-checklist/step-link.ts). The investments of one client are its profile's Investments tab
 * (3): the investment page has no client filter to open with.
 */
export function linkOfException(link: ExceptionLink): { to: string; state?: unknown } {
  const profile = `/client-management/${link.clientId}`;
  switch (link.place) {
    case 'uploadDashboard':
      return { to: `/data-ingestion/${link.clientId}` };
    case 'account':
      // Without an account, the client's Accounts tab.
      return { to: link.accountId ? `${profile}/${link.accountId}` : `${profile}?tab=1` };
    case 'clientReport':
      return { to: profile };
    case 'analysisCashVest':
      return { to: `/analysis?clientId=${link.clientId}`, state: { tab: 2 } };
    case 'investments':
      return { to: `${profile}?tab=3` };
  }
}

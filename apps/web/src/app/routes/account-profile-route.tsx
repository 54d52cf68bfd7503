import { lazy } from 'react';
import AccountProfilePage, { type AccountTabDefinition } from '../../features/accounts/account-profile-page';

// The account profile composes the accounts feature with the investments feature's tab (style.md:
// features do not import each other).
const AccountInvestmentsTab = lazy(() =>
  import('../../features/investments/account-investments-tab').then((m) => ({
    default: m.AccountInvestmentsTab,
  })),
);

const EXTRA_TABS: readonly AccountTabDefinition[] = [
  { id: 'investments', label: 'Investments', permission: 'VIEW_INVESTMENTS', Panel: AccountInvestmentsTab },
];

/** /client-management/:clientId/:accountId with every tab of spec 2 "Account profile". */
export default function AccountProfileRoute() {
  return <AccountProfilePage extraTabs={EXTRA_TABS} />;
}

import { lazy } from 'react';
import type { Account } from '@tideline/contracts/accounts/accounts.schemas';
import AccountProfilePage, { type AccountTabDefinition } from '../../features/accounts/account-profile-page';

// The account profile composes the accounts feature with the investments and notes features' tabs
// (style.md: features do not import each other).
const AccountInvestmentsTab = lazy(() =>
  import('../../features/investments/account-investments-tab').then((m) => ({
    default: m.AccountInvestmentsTab,
  })),
);
const NotesTable = lazy(() =>
  import('../../features/notes/notes-table').then((m) => ({ default: m.NotesTable })),
);

function AccountNotesTab({ account }: { account: Account }) {
  return <NotesTable scope={{ kind: 'account', accountId: account.accountId }} />;
}

const EXTRA_TABS: readonly AccountTabDefinition[] = [
  { id: 'notes', label: 'Notes', permission: 'VIEW_NOTES', Panel: AccountNotesTab },
  { id: 'investments', label: 'Investments', permission: 'VIEW_INVESTMENTS', Panel: AccountInvestmentsTab },
];

/** /client-management/:clientId/:accountId with every tab of spec 2 "Account profile". */
export default function AccountProfileRoute() {
  return <AccountProfilePage extraTabs={EXTRA_TABS} />;
}

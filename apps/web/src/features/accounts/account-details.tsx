import type { Account } from '@tideline/contracts/accounts/accounts.schemas';
import { FieldList } from '../../components/field-list';
import { formatCurrency, formatDate } from '../../lib/format';
import { NOT_SET } from './inheritable-select';

const NA = 'N/A';
const months = (n: number | null) => (n === null ? NOT_SET : n === 1 ? '1 month' : `${n} months`);

/** The fields of spec 2 "Account profile", 'N/A' where there is none. */
export function accountFields(a: Account): [label: string, value: string][] {
  return [
    ['Number', a.accountNumber],
    ['Alias', a.accountAlias || NA],
    ['Type', a.accountType ?? NA],
    ['Bank', a.bankName ?? NA],
    ['Start Balance', a.accountBalance === null ? NA : formatCurrency(a.accountBalance)],
    ['Last Transaction Date', a.lastTransactionDate ? formatDate(a.lastTransactionDate) : NA],
    ['Balance Date', a.accountBalanceDate ? formatDate(a.accountBalanceDate) : NA],
    ['Account Closed', a.accountClosed === 1 ? 'Yes' : 'No'],
    ['Account Closed Date', a.accountDateClosed ? formatDate(a.accountDateClosed) : NA],
    ['Data Gathering Frequency', months(a.dataGatheringFrequency ?? a.bankDataGatheringFrequency)],
    ['Collection Type', a.collectionType ?? NOT_SET],
  ];
}

export function AccountDetails({ account }: { account: Account }) {
  return <FieldList aria-label="Account details" fields={accountFields(account)} />;
}

import type { Bank } from '@tideline/contracts/banks/banks.schemas';
import BankManagementPage from '../../features/banks/bank-management-page';
import { useBankIngestionActions } from '../../features/data-ingestion/use-start-ingestion-actions';

/**
 * /bank-management: the Banks screen with Start Ingestion for every client of a bank (spec 2 "Banks
 * administration"; composed here because features do not import each other).
 */
export default function BankManagementRoute() {
  const bankActions = useBankIngestionActions<Bank>();
  return <BankManagementPage bankActions={bankActions} />;
}

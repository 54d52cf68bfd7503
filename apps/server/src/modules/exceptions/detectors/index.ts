import type { Detector } from '../finding';
import { balanceBreakDetector } from './balance-break.detector';
import { batchAccountsDetector } from './batch-accounts.detector';
import { batchFilesDetector } from './batch-files.detector';
import { idleCashDetector } from './idle-cash.detector';
import { maturingInvestmentsDetector } from './maturing-investments.detector';
import { reportDueDetector } from './report-due.detector';
import { statementLateDetector } from './statement-late.detector';

/** Every detector of issue 43 point 1; a detection runs them all over its clients. */
export const DETECTORS: readonly Detector[] = [
  batchFilesDetector,
  statementLateDetector,
  balanceBreakDetector,
  batchAccountsDetector,
  reportDueDetector,
  idleCashDetector,
  maturingInvestmentsDetector,
];

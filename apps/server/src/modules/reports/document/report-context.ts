import type { GenerateReportPayload } from '@tideline/contracts/reports/reports.schemas';
import { GLOBAL_SETTING_IDS } from '@tideline/contracts/settings/global-settings.schemas';
import type { Db } from '../../../db/open-database';
import type { Content } from '../../../platform/pdf/pdf-types';
import { readFrozenRuns, type FrozenRuns } from '../../analysis/frozen-runs';
import { readFirmIdentity, type FirmIdentity } from '../../settings/firm.service';
import { readGlobalSetting } from '../../settings/global-settings.service';
import type { GroupRun } from './group-run';
import * as q from './report-analyses.queries';

// What every section of the Liquidity Analysis reads: the client, the period, the parameters, the
// cycle whose analyses it prefers, the client's groups (a group id of another client is simply not
// among them, so no section can read across tenants) and the global settings a section applies.

export interface ReportGroup {
  groupId: number;
  groupName: string;
  isAllAccounts: boolean;
}

/** Money a section found on the table, in dollars a year: the summary lists the three largest. */
export interface Opportunity {
  label: string;
  dollarsPerYear: number;
}

export interface ReportSection {
  content: Content[];
  opportunities?: Opportunity[];
}

export interface ReportContext {
  db: Db;
  reportId: number;
  clientId: number;
  clientName: string;
  startDate: string;
  endDate: string;
  generatedAt: Date;
  params: GenerateReportPayload;
  /** The open report whose period is the report's: its analysis runs are preferred to later ones. */
  openReportId: number | null;
  allAccountsGroupId: number | null;
  groups: Map<number, ReportGroup>;
  /**
   * What the report was generated with (issue 41 point 4): the runs, forecasts and cashVest score it
   * reads. Null for a report generated before runs were frozen: its sections read the runs now.
   */
  frozen: FrozenRuns | null;
  /** Each group's Monte Carlo run, read once: every section showing a group's levels shows the same run. */
  runs: Map<number, Promise<GroupRun | null>>;
  /** Global setting 3, read once per report: below it an account is listed to close. */
  minTransactionsPerMonth: number;
  /** Global Settings "Firm": the name in every page's header and the logo on the cover (issue 42 point 5). */
  firm: FirmIdentity;
  /** The analyst who generated the report; null when that user is gone. */
  preparer: { name: string; email: string } | null;
}

export interface ReportRequestFrame {
  reportId: number;
  clientId: number;
  startDate: string;
  endDate: string;
  generatedAt: Date;
  params: GenerateReportPayload;
  frozenRuns?: unknown;
  /** The user who generated the report (reports.created_by). */
  preparedBy?: number | null;
  /** The firm the report names; Global Settings "Firm" when absent (a caller may fix it, as the tests do). */
  firm?: FirmIdentity;
}

/** The context of one report; null when the client does not exist. */
export async function loadReportContext(db: Db, request: ReportRequestFrame): Promise<ReportContext | null> {
  const [client, groups, openReportId, minTransactionsPerMonth, firm, preparer] = await Promise.all([
    q.selectClientName(db, request.clientId),
    q.selectClientGroups(db, request.clientId),
    q.selectPeriodOpenReportId(db, request.clientId, request.startDate, request.endDate),
    readGlobalSetting(db, GLOBAL_SETTING_IDS.minTransactionsPerMonth),
    request.firm ?? readFirmIdentity(db),
    q.selectPreparer(db, request.preparedBy ?? null),
  ]);
  if (client === null) return null;
  return {
    db,
    reportId: request.reportId,
    clientId: request.clientId,
    startDate: request.startDate,
    endDate: request.endDate,
    generatedAt: request.generatedAt,
    params: request.params,
    clientName: client,
    openReportId,
    allAccountsGroupId: groups.find((g) => g.isAllAccounts)?.groupId ?? null,
    groups: new Map(groups.map((g) => [g.groupId, g])),
    frozen: readFrozenRuns(request.frozenRuns),
    runs: new Map(),
    minTransactionsPerMonth,
    firm,
    preparer,
  };
}

/** The groups a parameter lists, in its order, each either the client's group or its missing id. */
export function resolveGroups(
  ctx: ReportContext,
  groupIds: readonly number[],
): ({ group: ReportGroup } | { missingId: number })[] {
  return groupIds.map((id) => {
    const group = ctx.groups.get(id);
    return group ? { group } : { missingId: id };
  });
}

export const notClientGroup = (groupId: number) =>
  `Account group ${groupId} is not one of this client's groups; nothing is shown for it.`;

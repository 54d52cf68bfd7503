import { sql } from 'drizzle-orm';
import { GLOBAL_SETTING_IDS } from '@tideline/contracts/settings/global-settings.schemas';
import { readGlobalSetting } from '../../settings/global-settings.service';
import { scopeClients, type Detector, type Finding } from '../finding';
import { findLatePeriod, formatLongDay } from './statement-periods';

interface AccountRow {
  clientId: number;
  accountId: number;
  label: string;
  bankName: string;
  frequency: number;
  availabilityDay: number | null;
  lastData: string | null;
  createdOn: string;
}

const businessDaysText = (n: number) => `${n} business ${n === 1 ? 'day' : 'days'}`;

/**
 * Open, completed accounts whose data stops before the statement their bank should have made
 * available by now (issue 43 point 1, "statement missing or late"). One query reads every account of
 * the scope with its inherited frequency and its newest transaction (an index step each).
 */
export const statementLateDetector: Detector = {
  kinds: ['statement_late'],
  async detect(db, scope) {
    // A bank that has not set its data availability day follows the firm's upload date (global setting 1).
    const firmDay = await readGlobalSetting(db, GLOBAL_SETTING_IDS.uploadDate);
    const { rows } = await db.execute(sql`select a.client_id as "clientId", a.account_id as "accountId",
        a.account_name || ' ...' || right(a.account_number, 4) as label, bk.bank_name as "bankName",
        coalesce(a.data_gathering_frequency, bk.default_data_gathering_frequency)::int as frequency,
        bk.data_availability_date::int as "availabilityDay",
        greatest((select max(t.transaction_date) from transactions t where t.account_id = a.account_id),
          a.account_balance_date, staged.last_day)::text as "lastData",
        a.created_at::date::text as "createdOn"
      from accounts a
      join banks bk on bk.bank_id = a.bank_id
      -- A statement uploaded and extracted but not yet validated has arrived: it is not late. Staged
      -- statements are few (an open cycle's), so they are added up once, not per account.
      left join (select ba.account_id, max(ss.to_date) as last_day from staging_statements ss
          join batch_accounts ba on ba.batch_account_id = ss.batch_account_id
          where ss.client_id = any(${scopeClients(scope)})
          group by ba.account_id) staged on staged.account_id = a.account_id
      where a.client_id = any(${scopeClients(scope)})
        and not a.account_closed and not a.is_staging`);
    const findings: Finding[] = [];
    for (const r of rows as unknown as AccountRow[]) {
      const late = findLatePeriod(
        scope.today,
        r.frequency,
        r.availabilityDay ?? firmDay,
        r.lastData,
        r.createdOn,
      );
      if (!late) continue;
      const missing = late.periodsMissing > 1 ? ` (${late.periodsMissing} statements are missing)` : '';
      const last = r.lastData ? `its last data is of ${formatLongDay(r.lastData)}` : 'it has no data yet';
      findings.push({
        clientId: r.clientId,
        kind: 'statement_late',
        subjectKey: `account:${r.accountId}:${late.periodEnd}`,
        severity: late.businessDaysLate >= 5 || late.periodsMissing >= 2 ? 'High' : 'Medium',
        summary:
          `${r.label} at ${r.bankName} is ${businessDaysText(late.businessDaysLate)} late: the statement ` +
          `through ${formatLongDay(late.periodEnd)} was due ${formatLongDay(late.dueDay)}${missing}; ${last}.`,
        link: { place: 'account', clientId: r.clientId, accountId: r.accountId },
        since: late.dueDay,
        amount: null,
      });
    }
    return findings;
  },
};

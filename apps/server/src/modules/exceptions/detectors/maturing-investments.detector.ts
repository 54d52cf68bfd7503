import { sql } from 'drizzle-orm';
import { readMaturityLimitDays } from '../../settings/global-settings.service';
import { scopeClients, type Detector, type Finding } from '../finding';
import { formatDollars } from './format-dollars';

interface MaturingRow {
  clientId: number;
  investmentId: number;
  accountId: number;
  faceValue: string;
  investmentType: string;
  bankName: string | null;
  accountName: string;
  maturityDate: string;
  daysLeft: number;
  since: string;
}

/** Within this many days of its maturity an investment without a note is urgent. */
const URGENT_DAYS = 7;

const daysOf = (n: number) => `${n} ${n === 1 ? 'day' : 'days'}`;

function describeMaturing(r: MaturingRow): string {
  const at = r.bankName ? ` at ${r.bankName}` : '';
  const when = r.daysLeft === 0 ? 'today' : `in ${daysOf(r.daysLeft)}`;
  return `${formatDollars(Number(r.faceValue))} ${r.investmentType}${at} (${r.accountName}) matures ${r.maturityDate}, ${when}, with no note on its account since it came within the maturity limit.`;
}

/**
 * Investments maturing from today to the maturity limit (global setting 2, the dashboard's maturing
 * investments window) that nobody wrote a note about (issue 43 point 1). Notes link to accounts, not
 * to investments (NOTE_LINK_TABLES), so "a note" is a note on the holding account, resolved or not,
 * written since the investment came within the limit: an older note cannot be about its maturity.
 */
export const maturingInvestmentsDetector: Detector = {
  kinds: ['maturing_investment'],
  async detect(db, scope) {
    const limit = await readMaturityLimitDays(db);
    const { rows } = await db.execute(sql`select i.client_id as "clientId", i.id as "investmentId",
        i.account_id as "accountId", i.face_value as "faceValue", t.investment_type_name as "investmentType",
        bk.bank_name as "bankName", a.account_name as "accountName", i.maturity_date::text as "maturityDate",
        (i.maturity_date - ${scope.today}::date) as "daysLeft",
        (i.maturity_date - ${limit}::int)::timestamp at time zone 'UTC' as since
      from investments i
      join investment_types t on t.investment_type_id = i.investment_type_id
      join accounts a on a.account_id = i.account_id
      left join banks bk on bk.bank_id = a.bank_id
      where i.client_id = any(${scopeClients(scope)})
        and i.maturity_date between ${scope.today}::date and ${scope.today}::date + ${limit}::int
        and not exists (select 1 from notes n
          where n.table_linked_to = 'accounts' and n.linked_id = i.account_id
            and n.created_at >= (i.maturity_date - ${limit}::int)::timestamp at time zone 'UTC')`);
    return (rows as unknown as MaturingRow[]).map((r): Finding => ({
      clientId: r.clientId,
      kind: 'maturing_investment',
      subjectKey: `investment:${r.investmentId}:${r.maturityDate}`,
      severity: r.daysLeft <= URGENT_DAYS ? 'High' : 'Low',
      summary: describeMaturing(r),
      link: { place: 'investments', clientId: r.clientId, investmentId: r.investmentId },
      since: new Date(r.since).toISOString(),
      // The money to reinvest on that day.
      amount: Number(r.faceValue),
    }));
  },
};

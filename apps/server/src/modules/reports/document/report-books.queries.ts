import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/open-database';

// The report's reads of the books (accounts, links, transactions, validated treasury records and
// their provenance), aggregated in SQL over the period.

/** The client's completed accounts, by name. */
export async function selectClientAccounts(db: DbOrTx, clientId: number) {
  const { rows } = await db.execute(sql`
    select a.account_id as "accountId", a.account_name as "accountName", a.account_number as "accountNumber",
      a.account_category as "accountCategory", a.account_type as "accountType", a.bank_id as "bankId",
      b.bank_name as "bankName"
    from accounts a left join banks b on b.bank_id = a.bank_id
    where a.client_id = ${clientId} and not a.is_staging
    order by a.account_name, a.account_id`);
  return rows as {
    accountId: number;
    accountName: string;
    accountNumber: string;
    accountCategory: string | null;
    accountType: string | null;
    bankId: number | null;
    bankName: string | null;
  }[];
}

/** The client's account links: each account and the (master) account it is linked to. */
export async function selectClientLinks(db: DbOrTx, clientId: number) {
  const { rows } = await db.execute(sql`
    select account_id as "accountId", linked_to_account_id as "linkedToAccountId", linked_date::text as "linkedDate"
    from account_links where client_id = ${clientId} order by account_link_id`);
  return rows as { accountId: number; linkedToAccountId: number; linkedDate: string }[];
}

/** Fees of each account's validated analysis statements whose period ends within [from, to]. */
export async function selectAccountFees(
  db: DbOrTx,
  accountIds: readonly number[],
  from: string,
  to: string,
): Promise<Map<number, number>> {
  if (accountIds.length === 0) return new Map();
  const { rows } = await db.execute(sql`
    select account_id as "accountId", sum(amount)::float8 as "fees" from fees
    where account_id = any(${sql.param([...accountIds])}::int[])
      and period_end between ${from}::date and ${to}::date
    group by account_id`);
  return new Map((rows as { accountId: number; fees: number }[]).map((r) => [r.accountId, r.fees]));
}

/** Fees by category (the standard category, else the bank's) over the period's statements. */
export async function selectFeesByCategory(db: DbOrTx, clientId: number, from: string, to: string) {
  const { rows } = await db.execute(sql`
    select coalesce(nullif(trim(category), ''), nullif(trim(bank_category), ''), 'Uncategorised') as "category",
      count(*)::int as "lines", sum(amount)::float8 as "amount"
    from fees where client_id = ${clientId} and period_end between ${from}::date and ${to}::date
    group by 1 order by sum(amount) desc, 1`);
  return rows as { category: string; lines: number; amount: number }[];
}

/**
 * Fees and earnings credit allowance by bank over the period's statements (the allowance line as the
 * cashVest suggestion reads it, cash-vest-inputs.queries.ts selectTreasuryTotals).
 */
export async function selectTreasuryByBank(db: DbOrTx, clientId: number, from: string, to: string) {
  const { rows } = await db.execute(sql`
    with lines as (
      select bank_client_rel_id, amount as fee, 0::numeric as credit from fees
      where client_id = ${clientId} and period_end between ${from}::date and ${to}::date
      union all
      select bank_client_rel_id, 0, amount from balances
      where client_id = ${clientId} and period_end between ${from}::date and ${to}::date
        and standardized_description ilike 'earnings credit allowance'
    )
    select b.bank_name as "bankName", sum(l.fee)::float8 as "fees", sum(l.credit)::float8 as "earningsCredit"
    from lines l
    join bank_client_relationships r on r.bank_client_rel_id = l.bank_client_rel_id
    join banks b on b.bank_id = r.bank_id
    group by b.bank_name order by sum(l.fee) desc, b.bank_name`);
  return rows as { bankName: string; fees: number; earningsCredit: number }[];
}

/**
 * Payment channels (design/reports.md "Electronic transactions"), tried in this order on the
 * description with the keyword and its category: a "CHECK CARD" purchase is a card payment, and a
 * wire's reference may hold any other word. Word boundaries keep "checking" from reading as a check.
 */
export const PAYMENT_CHANNELS = [
  { channel: 'Wire', pattern: String.raw`\m(wire|wires|fedwire|swift|chips|wt)\M` },
  {
    channel: 'ACH',
    pattern: String.raw`\m(ach|ppd|ccd|ctx|web|eft|direct dep(osit)?|e-?pay(ment)?|autopay|payroll)\M`,
  },
  {
    channel: 'Card',
    pattern: String.raw`\m(card|visa|mastercard|mc|amex|discover|pos|debit purchase|purchase)\M`,
  },
  { channel: 'Check', pattern: String.raw`(\m(check|checks|cheque|chk|ck|draft)\M)|^\s*#?\d{3,}\s*$` },
] as const;
export type PaymentChannel = (typeof PAYMENT_CHANNELS)[number]['channel'] | 'Other';

export interface ChannelRow {
  channel: PaymentChannel;
  debitCount: number;
  debitAmount: number;
  creditCount: number;
  creditAmount: number;
}

/** The period's transactions by payment channel: debits and credits, counts and dollar amounts. */
export async function selectChannelTotals(
  db: DbOrTx,
  clientId: number,
  from: string,
  to: string,
): Promise<ChannelRow[]> {
  const cases = sql.join(
    PAYMENT_CHANNELS.map((c) => sql`when t.words ~ ${c.pattern} then ${c.channel}::text`),
    sql` `,
  );
  const { rows } = await db.execute(sql`
    with t as (
      select x.amount, lower(x.description || ' ' || coalesce(k.keyword_name, '') || ' '
        || coalesce(c.category_name, '')) as words
      from transactions x
      join accounts a on a.account_id = x.account_id and not a.is_staging
      left join keywords k on k.keyword_id = x.keyword_id
      left join keyword_categories c on c.category_id = k.keyword_category_id
      where x.client_id = ${clientId} and x.transaction_date between ${from}::date and ${to}::date
    )
    select case ${cases} else 'Other' end as "channel",
      count(*) filter (where t.amount < 0)::int as "debitCount",
      coalesce(-sum(t.amount) filter (where t.amount < 0), 0)::float8 as "debitAmount",
      count(*) filter (where t.amount > 0)::int as "creditCount",
      coalesce(sum(t.amount) filter (where t.amount > 0), 0)::float8 as "creditAmount"
    from t group by 1`);
  return rows as unknown as ChannelRow[];
}

/**
 * Where the period's figures came from: per kind of record, the statement file and batch it was
 * validated from (none: keyed in, pulled from a bank link, or written by the seed).
 */
export async function selectSources(db: DbOrTx, clientId: number, from: string, to: string) {
  const { rows } = await db.execute(sql`
    with records as (
      select 'Transactions' as kind, file_id, batch_id from transactions
      where client_id = ${clientId} and transaction_date between ${from}::date and ${to}::date
      union all
      select 'Fees', file_id, batch_id from fees
      where client_id = ${clientId} and period_end between ${from}::date and ${to}::date
      union all
      select 'Balances', file_id, batch_id from balances
      where client_id = ${clientId} and period_end between ${from}::date and ${to}::date
    )
    select r.kind as "kind", f.file_name as "fileName", r.batch_id as "batchId", bk.bank_name as "bankName",
      b.template_type as "templateType", b.start_date::text as "batchStart", b.end_date::text as "batchEnd",
      count(*)::int as "records"
    from records r
    left join files f on f.file_id = r.file_id
    left join batches b on b.batch_id = r.batch_id and b.client_id = ${clientId}
    left join bank_client_relationships rel on rel.bank_client_rel_id = b.bank_client_rel_id
    left join banks bk on bk.bank_id = rel.bank_id
    group by 1, 2, 3, 4, 5, 6, 7
    order by 1 desc, 2 nulls last, 3 nulls last`);
  return rows as {
    kind: string;
    fileName: string | null;
    batchId: number | null;
    bankName: string | null;
    templateType: string | null;
    batchStart: string | null;
    batchEnd: string | null;
    records: number;
  }[];
}

/** The client's realized negotiated rates at the bank (percent a year, term in days), newest first. */
export async function selectRealizedRates(db: DbOrTx, clientId: number, bankId: number) {
  const { rows } = await db.execute(sql`
    select rate::float8 as "rate", term::float8 as "term" from negotiated_rates
    where client_id = ${clientId} and bank_id = ${bankId} and realized = 1
    order by created_at desc, negotiated_rate_id desc`);
  return rows as { rate: number; term: number | null }[];
}

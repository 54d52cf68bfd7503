// The staged year of bench/reconciliation.bench.ts, as SQL: 12 monthly files of 2025 for the batch
// account of staging-seed.ts's BATCH_SEED, each with its statement, and the booked rows that some of
// them repeat. Every figure is a function of the file (m) and the row's number in its file (j), so the
// books can be given their copies before the files are staged, and what each rule should flag can be
// counted from the same definition.
//
// A row of its own of file m is row g = (m - 1) * P + j of the year (P rows per file); of those, by
// g % 1000:
//   0-4     a bank reference of a booked row ('BK' || 2g; the books give even rows 'BK' || n): duplicate
//           by reference, in the books;
//   5-6     a reference of its own, and a booked row of the same date, amount and description without
//           one: duplicate by match, in the books;
//   7       a reference of its own, and a booked row alike but with another reference: not a duplicate;
//   8-749   a reference of its own;
//   750-753 no reference, and a booked row alike: duplicate by match, in the books;
//   754-999 no reference.
// Rows 1001-1040 of each file are 10 groups of 4 identical service fees on the 15th (no reference); the
// books hold 2 of each group, so 2 of the 4 are duplicates. Each file after the first opens with the
// last CARRIED rows of the file before (the previous month's 28th, a statement overlapping its
// predecessor): duplicates of those rows, by reference when they carry one, in the staged files.

export const CARRIED = 400;
const FEES_FROM = 1001;
const FEES_TO = 1040;
export const BOOKS_REFERENCE_OF = (row: number) => (row % 2 === 0 ? `BK${row}` : null);

/** The files' rows: m, j, the source month sm and row jj (itself, or the row it repeats), g, the columns. */
const rowsOf = (months: string, perFile: number) => `
with spec as (
  select m, j, case when m > 1 and j <= ${CARRIED} then m - 1 else m end as sm,
    case when m > 1 and j <= ${CARRIED} then ${perFile - CARRIED} + j else j end as jj
  from ${months}, generate_series(1, ${perFile}) j
), r as (select spec.*, (sm - 1)::bigint * ${perFile} + jj as g,
    jj between ${FEES_FROM} and ${FEES_TO} as is_fee from spec)
select r.*,
  case when is_fee then make_date(2025, sm, 15)
    else make_date(2025, sm, 1) + ((jj - 1) * 28 / ${perFile})::int end as transaction_date,
  case when is_fee then 'MONTHLY SERVICE FEE'
    else (array['ACH CREDIT PROPERTY TAX', 'PAYROLL DIRECT DEPOSIT', 'VENDOR ACH PAYMENT', 'WIRE TRANSFER IN',
      'CHECK PAID', 'BANK SERVICE FEE'])[1 + g % 6] || ' ' || g end as description,
  case when is_fee then -(5 + (jj - ${FEES_FROM}) / 4)::numeric
    else ((g * 7919) % 500000 - 250000) / 100.0 end as amount,
  case when is_fee then null when g % 1000 < 5 then 'BK' || (2 * g) when g % 1000 < 750 then 'ST' || g
    end as bank_reference,
  -- The books' copy of the row: 'match' (alike, no reference), 'other reference' or none.
  case when not is_fee and (g % 1000 between 5 and 6 or g % 1000 between 750 and 753)
      or is_fee and (jj - ${FEES_FROM}) % 4 < 2 then 'match'
    when not is_fee and g % 1000 = 7 then 'other reference' end as booked_as,
  m > 1 and j <= ${CARRIED} as is_carried
from r`;

/** The booked copies of the staged rows that repeat the books (own rows only: a carried row repeats one). */
export const insertBookedCopies = (perFile: number) => `
insert into transactions (client_id, account_id, transaction_date, description, amount, bank_reference)
select ba.client_id, ba.account_id, x.transaction_date, x.description, x.amount,
  case when x.booked_as = 'other reference' then 'BKX' || x.g end
from batch_accounts ba, (${rowsOf('generate_series(1, 12) m', perFile)}) x
where x.booked_as is not null and not x.is_carried`;

/**
 * File m's rows staged as extraction leaves them (validated, to keep Validate to its gate: the bench
 * measures the reconciliation, not the Yes update), with its batch_account_files row.
 */
export const insertFileRows = (m: number, perFile: number) => [
  `insert into staging_transactions (client_id, batch_id, batch_account_id, batch_file_id, row_number,
  transaction_date, description, amount, validation_status, statement_index, bank_reference)
select ba.client_id, ba.batch_id, ba.batch_account_id, bf.batch_file_id, x.j, x.transaction_date,
  x.description, x.amount, true, 0, x.bank_reference
from batch_accounts ba
join batch_files bf on bf.uploaded_file_name = 'statement-${m}.csv',
  (${rowsOf(`(select ${m} as m) months`, perFile)}) x`,
  `insert into batch_account_files (client_id, batch_id, batch_account_id, batch_file_id, row_count)
select ba.client_id, ba.batch_id, ba.batch_account_id, bf.batch_file_id, ${perFile}
from batch_accounts ba join batch_files bf on bf.uploaded_file_name = 'statement-${m}.csv'`,
];

/**
 * A correction file sent after the year: `rows` rows of December again (every 10th from row
 * CARRIED + 10: with and without references, and one of each group of fees), with no statement; it is
 * rolled back after it is measured.
 */
export const insertCorrectionFile = (rows: number, perFile: number) => [
  `with f as (insert into files (storage_key, file_name, client_id, status)
    select 'bench/correction', 'correction.csv', client_id, 'stored' from batch_accounts
    returning file_id, file_name, client_id)
  insert into batch_files (client_id, batch_id, file_id, uploaded_file_name, template_type, status)
  select f.client_id, (select batch_id from batches), f.file_id, f.file_name, 'Transaction', 'Extracted'
  from f`,
  `insert into staging_transactions (client_id, batch_id, batch_account_id, batch_file_id, row_number,
  transaction_date, description, amount, validation_status, bank_reference)
select ba.client_id, ba.batch_id, ba.batch_account_id, bf.batch_file_id, x.j - ${CARRIED}, x.transaction_date,
  x.description, x.amount, true, x.bank_reference
from batch_accounts ba
join batch_files bf on bf.uploaded_file_name = 'correction.csv',
  (${rowsOf('(select 12 as m) months', perFile)}) x
where x.j % 10 = 0 and x.j between ${CARRIED + 10} and ${CARRIED + 10 * rows}`,
];

/**
 * File m's one statement, the calendar month: it opens where the files before it closed (from
 * 1,250,000.00 in January) and closes at that plus its rows, so the year reconciles to the cent.
 */
export const insertFileStatement = (m: number) => `
insert into staging_statements (client_id, batch_id, batch_account_id, batch_file_id, statement_index,
  statement_ref, from_date, to_date, opening_balance, closing_balance, balance_source, entry_count)
select ba.client_id, ba.batch_id, ba.batch_account_id, bf.batch_file_id, 0, 'STMT-2025-${m}',
  make_date(2025, ${m}, 1), (make_date(2025, ${m}, 1) + interval '1 month - 1 day')::date,
  1250000 + before.total, 1250000 + before.total + mine.total, 'statement', mine.n
from batch_accounts ba
join batch_files bf on bf.uploaded_file_name = 'statement-${m}.csv',
  lateral (select coalesce(sum(amount), 0) as total, count(*)::int as n from staging_transactions
    where batch_file_id = bf.batch_file_id) mine,
  lateral (select coalesce(sum(amount), 0) as total from staging_transactions
    where batch_account_id = ba.batch_account_id and batch_file_id <> bf.batch_file_id) before`;

/**
 * What each file should have flagged, by rule and where the match is, from the definition above (in
 * flagFileDuplicates' order: a reference in the books, then in the files, then a match in the books,
 * then in the files).
 */
export const expectedFlags = (perFile: number) => `
select m, flag, count(*)::int as n
from (select m, case
    when bank_reference like 'BK%' then 'reference/books'
    when is_carried and bank_reference is not null then 'reference/staging'
    when booked_as = 'match' then 'match/books'
    when is_carried then 'match/staging'
  end as flag
  from (${rowsOf('generate_series(1, 12) m', perFile)}) x) f
where flag is not null
group by 1, 2`;

/** What each file did flag, by rule and where the match is. */
export const flaggedRows = `
select substring(bf.uploaded_file_name from '[0-9]+')::int as m, s.duplicate_rule || '/' ||
    case when s.duplicate_of_transaction_id is not null then 'books' else 'staging' end as flag,
  count(*)::int as n
from staging_transactions s join batch_files bf using (batch_file_id)
where s.duplicate_rule is not null
group by 1, 2`;

import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../../db/open-database';

// The staged rows of one batch file in the canonical layout, for POST /download/{fileAuditId}: each
// staging table of the file, in file order, with the validation status (spec 3).

/** A file's rows of one kind: the CSV's header and its rows, as text. */
export interface StagedTable {
  header: string[];
  rows: (string | null)[][];
}

const validated = (onlyValidated: boolean) => (onlyValidated ? sql`and s.validation_status` : sql``);
const yesNo = sql`case when s.validation_status then 'Yes' else 'No' end`;

export async function selectStagedTransactionsOf(db: DbOrTx, batchFileId: number, onlyValidated: boolean) {
  const { rows } = await db.execute(sql`select a.account_number, s.transaction_date::text, s.description,
      k.keyword_name, s.amount::text, ${yesNo}
    from staging_transactions s
    join batch_accounts ba on ba.batch_account_id = s.batch_account_id
    left join accounts a on a.account_id = ba.account_id
    left join keywords k on k.keyword_id = s.keyword_id
    where s.batch_file_id = ${batchFileId} ${validated(onlyValidated)}
    order by s.sheet_name nulls first, s.row_number, s.staging_transaction_id`);
  return {
    header: ['Account Number', 'Date', 'Description', 'Keyword', 'Amount', 'Validated'],
    rows: rows.map((r) => Object.values(r) as (string | null)[]),
  };
}

export async function selectStagedInvestmentsOf(db: DbOrTx, batchFileId: number, onlyValidated: boolean) {
  const { rows } = await db.execute(sql`select a.account_number, s.market_identifier, s.investment_type_name,
      s.fund, s.face_value::text, s.settlement_amount::text, s.interest_rate::text, s.coupon_rate::text,
      s.settlement_date::text, s.maturity_date::text, s.call_date::text, ${yesNo}
    from staging_investments s
    join batch_accounts ba on ba.batch_account_id = s.batch_account_id
    left join accounts a on a.account_id = ba.account_id
    where s.batch_file_id = ${batchFileId} ${validated(onlyValidated)}
    order by s.sheet_name nulls first, s.row_number, s.staging_investment_id`);
  return {
    header: [
      'Account Number',
      'Investment ID',
      'Investment Type',
      'Fund',
      'Face Value',
      'Settlement Amount',
      'Interest Rate',
      'Coupon Rate',
      'Settlement Date',
      'Maturity Date',
      'Call Date',
      'Validated',
    ],
    rows: rows.map((r) => Object.values(r) as (string | null)[]),
  };
}

/** The analysis statement's sections: fees, balances and account balances, in that order. */
export async function selectStagedTreasuryOf(db: DbOrTx, batchFileId: number, onlyValidated: boolean) {
  const { rows } = await db.execute(sql`select section, account_number, afp_code, description,
      standardized_description, category, sub_category, unit_price, volume, amount, validated
    from (
      select 1 as o, 'Fees' as section, s.account_number, s.afp_code, s.description,
        null::text as standardized_description, s.category, s.sub_category, s.unit_price::text as unit_price,
        s.volume::text as volume, s.amount::text as amount, ${yesNo} as validated, s.row_number,
        s.staging_fee_id as id
      from staging_fees s where s.batch_file_id = ${batchFileId} ${validated(onlyValidated)}
      union all
      select 2, 'Balance', s.account_number, s.afp_code, s.description, s.standardized_description, null,
        null, null, null, s.amount::text, ${yesNo}, s.row_number, s.staging_balance_id
      from staging_balances s where s.batch_file_id = ${batchFileId} ${validated(onlyValidated)}
      union all
      select 3, 'Account Balance', s.account_number, s.afp_code, s.description, s.standardized_description,
        null, null, null, null, s.amount::text, ${yesNo}, s.row_number, s.staging_account_balance_id
      from staging_account_balances s where s.batch_file_id = ${batchFileId} ${validated(onlyValidated)}
    ) t order by o, row_number, id`);
  return {
    header: [
      'Section',
      'Account Number',
      'AFP Code',
      'Description',
      'Standardized Description',
      'Category',
      'Sub Category',
      'Unit Price',
      'Volume',
      'Amount',
      'Validated',
    ],
    rows: rows.map((r) => Object.values(r) as (string | null)[]),
  };
}

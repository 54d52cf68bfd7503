import { ACCOUNT_CATEGORIES, ACCOUNT_TYPES } from '@tideline/contracts/accounts/account-lists';
import {
  ACCOUNT_UPLOAD_COLUMNS,
  type AccountUploadColumn,
} from '@tideline/contracts/accounts/account-upload.schemas';
import type { GridRow } from '@tideline/ingest/core/grid';
import { parseAmount } from '@tideline/ingest/template/parse-amount';
import { parseDate } from '@tideline/ingest/template/parse-date';

/** One staging account read from a bulk-upload row (spec 2 "Bulk account upload"). */
export interface UploadedAccount {
  rowNumber: number;
  accountName: string;
  accountNumber: string;
  accountAlias: string | null;
  accountType: string | null;
  accountCategory: string | null;
  bankId: number | null;
  accountBalance: string | null;
  accountBalanceDate: string | null;
}

export interface RelatedBank {
  bankId: number;
  bankName: string;
}

export type ParsedAccountCsv =
  { ok: true; accounts: UploadedAccount[] } | { ok: false; problems: string[]; badRows: number[] };

const MAX_TEXT = 120;
const normalize = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase();
const pick = <T extends string>(list: readonly T[], raw: string) =>
  list.find((v) => normalize(v) === normalize(raw));

/**
 * Reads and checks every row of a bulk account csv: the header row must name every template column
 * (any order, any case); each later non-blank row must have a name and a number and valid optional
 * fields, and a bank the client is related to. All problems are collected, so one message names every
 * bad row; the file is taken whole or not at all.
 */
export function parseAccountCsv(rows: readonly GridRow[], banks: readonly RelatedBank[]): ParsedAccountCsv {
  const isBlank = (row: GridRow) => row.cells.every((c) => c.trim() === '');
  const headerIndex = rows.findIndex((r) => !isBlank(r));
  if (headerIndex === -1) return { ok: false, problems: ['The file is empty.'], badRows: [] };
  const header = rows[headerIndex]!.cells.map(normalize);
  const columnOf = new Map<AccountUploadColumn, number>();
  const missing: string[] = [];
  for (const column of ACCOUNT_UPLOAD_COLUMNS) {
    const index = header.indexOf(normalize(column));
    if (index === -1) missing.push(column);
    else columnOf.set(column, index);
  }
  if (missing.length)
    return {
      ok: false,
      problems: [`Row ${rows[headerIndex]!.rowNumber}: missing columns ${missing.join(', ')}.`],
      badRows: [rows[headerIndex]!.rowNumber],
    };

  const problems: string[] = [];
  const badRows: number[] = [];
  const accounts: UploadedAccount[] = [];
  const firstRowOfKey = new Map<string, number>();
  for (const row of rows.slice(headerIndex + 1)) {
    if (isBlank(row)) continue;
    const cell = (column: AccountUploadColumn) => (row.cells[columnOf.get(column)!] ?? '').trim();
    const errors: string[] = [];
    const text = (column: AccountUploadColumn, isRequired: boolean) => {
      const value = cell(column);
      if (value === '') {
        if (isRequired) errors.push(`${column} is required`);
        return null;
      }
      if (value.length > MAX_TEXT) errors.push(`${column} is longer than ${MAX_TEXT} characters`);
      return value;
    };
    const choice = (column: AccountUploadColumn, list: readonly string[]) => {
      const value = cell(column);
      if (value === '') return null;
      const found = pick(list, value);
      if (!found) errors.push(`${column} '${value}' is not one of ${list.join(', ')}`);
      return found ?? null;
    };
    const accountName = text('Account Name', true);
    const accountNumber = text('Account Number', true);
    const accountAlias = text('Account Alias', false);
    const accountType = choice('Account Type', ACCOUNT_TYPES);
    const accountCategory = choice('Account Category', ACCOUNT_CATEGORIES);

    let bankId: number | null = null;
    const bankName = cell('Bank Name');
    if (bankName !== '') {
      const matches = banks.filter((b) => normalize(b.bankName) === normalize(bankName));
      if (matches.length === 1) bankId = matches[0]!.bankId;
      else if (matches.length === 0) errors.push(`Bank Name '${bankName}' is not a bank of this client`);
      else errors.push(`Bank Name '${bankName}' matches more than one bank of this client`);
    }

    let accountBalance: string | null = null;
    const balance = cell('Start Balance');
    if (balance !== '') {
      const parsed = parseAmount(balance);
      if (parsed.ok && /^-?\d{1,16}(\.\d{1,2})?$/.test(parsed.value)) accountBalance = parsed.value;
      else errors.push(`Start Balance '${balance}': Field must be a number.`);
    }

    let accountBalanceDate: string | null = null;
    const date = cell('Balance Date');
    if (date !== '') {
      const parsed = parseDate(date);
      if (parsed.ok) accountBalanceDate = parsed.value;
      else errors.push(`Balance Date '${date}' is not a date (MM/DD/YYYY)`);
    }

    if (accountNumber) {
      const key = `${bankId ?? '-'}|${accountNumber.toLowerCase()}`;
      const earlier = firstRowOfKey.get(key);
      if (earlier !== undefined)
        errors.push(`Account Number ${accountNumber} repeats row ${earlier} for the same bank`);
      else firstRowOfKey.set(key, row.rowNumber);
    }

    if (errors.length) {
      badRows.push(row.rowNumber);
      problems.push(`Row ${row.rowNumber}: ${errors.join('; ')}.`);
      continue;
    }
    accounts.push({
      rowNumber: row.rowNumber,
      accountName: accountName!,
      accountNumber: accountNumber!,
      accountAlias,
      accountType,
      accountCategory,
      bankId,
      accountBalance,
      accountBalanceDate,
    });
  }
  if (problems.length) return { ok: false, problems, badRows };
  if (accounts.length === 0) return { ok: false, problems: ['The file has no account rows.'], badRows: [] };
  return { ok: true, accounts };
}

/** One readable message naming the bad rows: the first ten problems, then how many more. */
export function describeProblems(fileName: string, problems: readonly string[], badRows: readonly number[]) {
  const shown = problems.slice(0, 10).join(' ');
  const more = problems.length > 10 ? ` And ${problems.length - 10} more.` : '';
  const rows =
    badRows.length === 0
      ? ''
      : ` ${badRows.length === 1 ? 'Row' : 'Rows'} ${badRows.slice(0, 20).join(', ')}${badRows.length > 20 ? ', …' : ''} ${badRows.length === 1 ? 'is' : 'are'} not valid; no account was created.`;
  return `Failed to Extract Accounts from CSV file. ${fileName}:${rows} ${shown}${more}`
    .replace(/\s+/g, ' ')
    .trim();
}

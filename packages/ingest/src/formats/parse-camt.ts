import type { ByteSource } from '../core/byte-source.js';
import { guardReader } from '../core/guard-reader.js';
import { resolveLimits, type Limits } from '../core/limits.js';
import { fail, ok, type Result } from '../core/result.js';
import { createCamtDetailRule } from './create-camt-detail-rule.js';
import {
  createEntryDraft,
  readCamtDate,
  readCamtDecimal,
  readCamtEntry,
  signCamtAmount,
  type CamtEntryDraft,
} from './read-camt-entry.js';
import type { Statement, StatementBalance, StatementFormat } from './statement.js';
import { streamXml, type XmlRule } from './stream-xml.js';
import { detachText } from './detach-text.js';
import { createTransactionOutlet, type OutletOption } from './transaction-outlet.js';

/** camt balance codes (ISO 20022 BalanceType12Code) to our names. */
const BALANCE_TYPES: Record<string, string> = {
  OPBD: 'opening',
  PRCD: 'opening',
  CLBD: 'closing',
  OPAV: 'opening_available',
  CLAV: 'closing_available',
  FWAV: 'forward_available',
  INFO: 'information',
  ITAV: 'interim_available',
  ITBD: 'interim',
  XPCD: 'expected_credit',
};

export interface CamtOptions extends OutletOption {
  limits?: Partial<Limits>;
}

interface StatementDraft {
  id?: string;
  /** FrToDt: the period the statement covers, as written. */
  from?: string;
  to?: string;
  iban?: string;
  otherId?: string;
  currency?: string;
  balances: StatementBalance[];
  /** The statement read, completed at its end; its rows go through the outlet as they come. */
  canonical: Statement;
  warnings: string[];
  entryCount: number;
  balanceCount: number;
}

interface BalanceDraft {
  code?: string;
  amount?: string;
  currency?: string;
  indicator?: string;
  date?: string;
}

// The assignment is the callback itself: what it returns is ignored, and a wrapper per field would
// make every text call go through one shared, megamorphic call site.
const textRule = (assign: (text: string) => unknown): XmlRule => ({ text: assign });
const dateRule = (assign: (text: string) => unknown): XmlRule => ({
  children: { Dt: textRule(assign), DtTm: textRule(assign) },
});

/**
 * Reads ISO 20022 camt.053 statements, camt.052 reports and camt.054 notifications of every
 * published version as a stream: one entry at a time, its rows kept in the statement or handed on
 * through `options.outlet`, so memory never grows with the markup. The XML must be well-formed (a
 * cut file is refused); an entry or balance that cannot be read refuses the file, naming it and its
 * line. Never throws.
 */
export function parseCamt(source: ByteSource, options: CamtOptions = {}): Promise<Result<Statement[]>> {
  return guardReader('camt', () => readCamt(source, options));
}

async function readCamt(source: ByteSource, options: CamtOptions): Promise<Result<Statement[]>> {
  const limits = resolveLimits(options.limits);
  const outlet = options.outlet ?? createTransactionOutlet();
  const statements: Statement[] = [];
  let format: StatementFormat | undefined;
  let statement: StatementDraft = newStatement('camt.053');
  let entry: CamtEntryDraft = createEntryDraft();
  let balance: BalanceDraft = {};
  let rowCount = 0;

  const accountOf = (s: StatementDraft) => s.iban ?? s.otherId ?? '';
  const where = (record: string, index: number) =>
    `${format ?? 'camt'} ${record} ${index} of account ${accountOf(statement) || '(none)'}`;

  const balanceRule: XmlRule = {
    open: () => {
      balance = {};
    },
    children: {
      Tp: {
        children: {
          CdOrPrtry: {
            children: {
              Cd: textRule((t) => (balance.code ??= t)),
              Prtry: textRule((t) => (balance.code ??= t)),
            },
          },
        },
      },
      Amt: {
        open: (a) => void (balance.currency ??= a.get('Ccy')),
        text: (t) => void (balance.amount ??= t),
      },
      CdtDbtInd: textRule((t) => (balance.indicator ??= t)),
      Dt: dateRule((t) => (balance.date ??= t)),
    },
    close: () => {
      const index = ++statement.balanceCount;
      const amount = readCamtDecimal(balance.amount);
      if (amount === undefined)
        return `${where('balance', index)}: the amount '${balance.amount ?? ''}' is not a number`;
      const signed = signCamtAmount(amount, balance.indicator);
      if (signed === undefined) {
        return `${where('balance', index)}: the credit/debit indicator '${balance.indicator ?? ''}' is neither CRDT nor DBIT`;
      }
      const code = balance.code ?? '';
      const type = Object.hasOwn(BALANCE_TYPES, code) ? (BALANCE_TYPES[code] as string) : code.toLowerCase();
      const read: StatementBalance = { type, amount: signed };
      if (balance.currency) read.currency = balance.currency;
      const date = readCamtDate(balance.date);
      if (date) read.date = date;
      statement.balances.push(read);
    },
  };

  const entryRule: XmlRule = {
    open: () => {
      entry = createEntryDraft();
    },
    children: {
      Amt: { open: (a) => void (entry.currency ??= a.get('Ccy')), text: (t) => void (entry.amount ??= t) },
      CdtDbtInd: textRule((t) => (entry.indicator ??= t)),
      RvslInd: textRule((t) => (entry.isReversal ??= t)),
      BookgDt: dateRule((t) => (entry.bookingDate ??= t)),
      ValDt: dateRule((t) => (entry.valueDate ??= t)),
      AcctSvcrRef: textRule((t) => (entry.servicerReference ??= t)),
      BkTxCd: {
        children: {
          Domn: { children: { Cd: textRule((t) => (entry.domainCode ??= t)) } },
          Prtry: { children: { Cd: textRule((t) => (entry.proprietaryCode ??= detachText(t))) } },
        },
      },
      AddtlNtryInf: textRule((t) => (entry.additionalInfo ??= t)),
      NtryDtls: { children: { TxDtls: createCamtDetailRule(() => entry) } },
    },
    close: () => {
      const index = ++statement.entryCount;
      const read = readCamtEntry(entry);
      if (typeof read === 'string') return `${where('entry', index)}: ${read}`;
      rowCount += read.rows.length;
      if (rowCount > limits.maxRows) {
        return {
          kind: 'limit-exceeded',
          limit: 'rows',
          maximum: limits.maxRows,
          message: `The camt file has more than ${limits.maxRows} transactions.`,
        };
      }
      for (const row of read.rows) outlet.add(statement.canonical, row);
      if (read.warning) statement.warnings.push(`${where('entry', index)}: ${read.warning}`);
    },
  };

  const statementRule: XmlRule = {
    open: () => {
      statement = newStatement(format ?? 'camt.053');
    },
    children: {
      Id: textRule((t) => (statement.id ??= t)),
      FrToDt: {
        children: {
          FrDtTm: textRule((t) => (statement.from ??= t)),
          FrDt: textRule((t) => (statement.from ??= t)),
          ToDtTm: textRule((t) => (statement.to ??= t)),
          ToDt: textRule((t) => (statement.to ??= t)),
        },
      },
      Acct: {
        // The account comes before the entries (ISO 20022 order): their rows may leave with it.
        close: () => {
          statement.canonical.accountId = detachText(accountOf(statement));
          outlet.settle(statement.canonical);
        },
        children: {
          Id: {
            children: {
              IBAN: textRule((t) => (statement.iban ??= t)),
              Othr: { children: { Id: textRule((t) => (statement.otherId ??= t)) } },
            },
          },
          Ccy: textRule((t) => (statement.currency ??= t)),
        },
      },
      Bal: balanceRule,
      Ntry: entryRule,
    },
    close: () => {
      statements.push(finishStatement(statement, accountOf(statement)));
      outlet.settle(statement.canonical);
    },
  };
  const messageRule = (name: StatementFormat, item: string): XmlRule => ({
    open: () => {
      format = name;
    },
    children: { [item]: statementRule },
  });
  const root: XmlRule = {
    children: {
      Document: {
        children: {
          BkToCstmrStmt: messageRule('camt.053', 'Stmt'),
          BkToCstmrAcctRpt: messageRule('camt.052', 'Rpt'),
          BkToCstmrDbtCdtNtfctn: messageRule('camt.054', 'Ntfctn'),
        },
      },
    },
  };

  try {
    const streamed = await streamXml(source, root, {
      format: 'camt',
      limits,
      afterChunk: () => outlet.flush(),
    });
    if (!streamed.ok) return streamed;
  } catch {
    return fail({
      kind: 'malformed',
      format: 'camt',
      message: 'The camt file could not be read: the reader met something it did not expect.',
    });
  }
  if (statements.length === 0) {
    return fail({
      kind: 'malformed',
      format: format ?? 'camt',
      message: format
        ? `The ${format} file holds no statement, report or notification.`
        : 'The camt file holds no BkToCstmrStmt, BkToCstmrAcctRpt or BkToCstmrDbtCdtNtfctn inside its Document.',
    });
  }
  await outlet.end(statements);
  return ok(statements);
}

function newStatement(format: StatementFormat): StatementDraft {
  const balances: StatementBalance[] = [];
  const canonical: Statement = { format, accountId: '', balances, transactions: [] };
  return { balances, canonical, warnings: [], entryCount: 0, balanceCount: 0 };
}

function finishStatement(draft: StatementDraft, accountId: string): Statement {
  const { balances, canonical: statement } = draft;
  statement.accountId = detachText(accountId);
  const currency = draft.currency ?? balances[0]?.currency;
  if (currency) statement.currency = currency;
  if (draft.id) statement.statementId = detachText(draft.id);
  // The file's own figures, as stated: read-statements checks opening + entries = closing.
  const opening = balances.find((b) => b.type === 'opening');
  const closing = balances.find((b) => b.type === 'closing');
  if (opening) statement.openingBalance = opening.amount;
  if (closing) statement.closingBalance = closing.amount;
  // The period as stated (FrToDt), else the dates of the balances it runs between.
  const fromDate = readCamtDate(draft.from) ?? opening?.date;
  const toDate = readCamtDate(draft.to) ?? closing?.date;
  if (fromDate) statement.fromDate = fromDate;
  if (toDate) statement.toDate = toDate;
  if (draft.warnings.length > 0) statement.warnings = draft.warnings;
  return statement;
}

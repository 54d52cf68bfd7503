import { detachText } from '../formats/detach-text.js';
import type { XmlRule } from '../formats/stream-xml.js';
import { normalizeDecimal } from '../template/parse-amount.js';
import type { TreasuryBalanceRow, TreasuryFeeRow, TreasuryStatement } from './treasury-statement.js';

/** AmountAndDirection34 as written: Amt plus Sgn, where Sgn false means a negative value. */
interface AmountDraft {
  amount?: string;
  sign?: string;
}

interface ServiceDraft {
  bankCode?: string;
  afpCode?: string;
  description?: string;
  serviceType?: string;
  volume?: string;
  currency?: string;
  /** Version 1 keeps price and charge in SvcDtl; later versions in Pric and OrgnlChrgPric. */
  charge: AmountDraft;
  detailCharge: AmountDraft;
  unitPrice: AmountDraft;
  detailUnitPrice: AmountDraft;
}

interface StatementDraft {
  id?: string;
  from?: string;
  to?: string;
  /** Account ids by where they were found, in the order they are preferred. */
  accounts: [string | undefined, string | undefined, string | undefined];
  balanceCurrency?: string;
  settlementCurrency?: string;
  services: ServiceDraft[];
  balances: { code?: string; value: AmountDraft }[];
  rates: { code?: string; value?: string }[];
}

const newService = (): ServiceDraft => ({ charge: {}, detailCharge: {}, unitPrice: {}, detailUnitPrice: {} });

function readDecimal(text: string | undefined): string | null {
  const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(text ?? '');
  return m ? normalizeDecimal(m[1] === '-', m[2] ?? '0', m[3] ?? '') : null;
}

function readSignedAmount(draft: AmountDraft): string | null {
  const amount = readDecimal(draft.amount);
  if (amount === null) return null;
  return draft.sign === 'false' && amount !== '0' ? `-${amount}` : amount;
}

const isEarningsCreditRate = (code: string) => /^ECR/i.test(code) || /earnings credit/i.test(code);

const text = (assign: (value: string) => void): XmlRule => ({ text: (t) => void assign(t) });
const amountRule = (into: () => AmountDraft): XmlRule => ({
  children: {
    Amt: text((t) => (into().amount ??= t)),
    Sgn: text((t) => (into().sign ??= t)),
  },
});
const accountRule = (assign: (id: string) => void): XmlRule => ({
  children: { Id: { children: { IBAN: text(assign), Othr: { children: { Id: text(assign) } } } } },
});

/**
 * The element rules of camt.086 for streamXml: each BllgStmt is collected (a statement holds a few
 * hundred service lines at most) and handed to `onStatement` when it ends, or refused.
 */
export function createCamt086Rules(onStatement: (statement: TreasuryStatement) => void): XmlRule {
  let statement: StatementDraft = newStatement();
  let service: ServiceDraft = newService();
  let balance: StatementDraft['balances'][number] = { value: {} };
  let rate: StatementDraft['rates'][number] = {};
  const setAccount = (index: 0 | 1 | 2) => (id: string) => void (statement.accounts[index] ??= id);

  const serviceRule: XmlRule = {
    open: () => void statement.services.push((service = newService())),
    children: {
      SvcDtl: {
        children: {
          BkSvc: {
            children: {
              Id: text((t) => (service.bankCode ??= t)),
              CmonCd: { children: { Id: text((t) => (service.afpCode ??= t)) } },
              Desc: text((t) => (service.description ??= t)),
              SvcTp: text((t) => (service.serviceType ??= t)),
            },
          },
          Vol: text((t) => (service.volume ??= t)),
          SvcChrgAmt: amountRule(() => service.detailCharge),
          UnitPric: amountRule(() => service.detailUnitPrice),
        },
      },
      Pric: {
        children: {
          UnitPric: amountRule(() => service.unitPrice),
          Ccy: text((t) => (service.currency ??= t)),
        },
      },
      OrgnlChrgPric: amountRule(() => service.charge),
    },
  };
  const statementRule: XmlRule = {
    open: () => void (statement = newStatement()),
    children: {
      StmtId: text((t) => (statement.id ??= t)),
      FrToDt: {
        children: { FrDt: text((t) => (statement.from ??= t)), ToDt: text((t) => (statement.to ??= t)) },
      },
      AcctChrtcs: {
        children: {
          CshAcct: accountRule(setAccount(0)),
          AcctId: accountRule(setAccount(1)),
          Acct: accountRule(setAccount(2)),
          AcctBalCcyCd: text((t) => (statement.balanceCurrency ??= t)),
          SttlmCcyCd: text((t) => (statement.settlementCurrency ??= t)),
        },
      },
      RateData: {
        open: () => void statement.rates.push((rate = {})),
        children: {
          Id: { children: { Cd: text((t) => (rate.code ??= t)), Prtry: text((t) => (rate.code ??= t)) } },
          Val: text((t) => (rate.value ??= t)),
        },
      },
      Bal: {
        open: () => void statement.balances.push((balance = { value: {} })),
        children: {
          Tp: {
            children: { Cd: text((t) => (balance.code ??= t)), Prtry: text((t) => (balance.code ??= t)) },
          },
          Val: amountRule(() => balance.value),
        },
      },
      Svc: serviceRule,
    },
    close: () => {
      const read = finishStatement(statement);
      if (typeof read === 'string') return read;
      onStatement(read);
    },
  };
  return {
    children: {
      Document: {
        children: {
          BkSvcsBllgStmt: { children: { BllgStmtGrp: { children: { BllgStmt: statementRule } } } },
        },
      },
    },
  };
}

function newStatement(): StatementDraft {
  return { accounts: [undefined, undefined, undefined], services: [], balances: [], rates: [] };
}

function finishStatement(draft: StatementDraft): TreasuryStatement | string {
  const accountNumber = detachText(draft.accounts.find((id) => id) ?? '');
  const where = `camt.086 statement ${draft.id ?? '(no StmtId)'} of account ${accountNumber || '(none)'}`;
  const currency = draft.balanceCurrency ?? draft.settlementCurrency ?? null;
  const fees: TreasuryFeeRow[] = [];
  for (const [index, service] of draft.services.entries()) {
    const amount = readSignedAmount(service.charge) ?? readSignedAmount(service.detailCharge);
    if (amount === null) return `${where}: service line ${index + 1} has no charge amount`;
    fees.push({
      accountNumber,
      bankCode: detachText(service.bankCode ?? ''),
      afpCode: service.afpCode ?? null,
      description: detachText(service.description ?? ''),
      serviceType: service.serviceType ?? null,
      unitPrice: readSignedAmount(service.unitPrice) ?? readSignedAmount(service.detailUnitPrice),
      volume: readDecimal(service.volume),
      amount,
      currency: service.currency ?? currency,
    });
  }
  const balances: TreasuryBalanceRow[] = [];
  for (const [index, balance] of draft.balances.entries()) {
    const amount = readSignedAmount(balance.value);
    if (amount === null)
      return `${where}: balance ${index + 1} has no readable amount ('${balance.value.amount ?? ''}')`;
    const code = balance.code ?? '';
    balances.push({ accountNumber, code, description: code, amount, isRate: false });
  }
  for (const [index, rate] of draft.rates.entries()) {
    const value = readDecimal(rate.value);
    if (value === null) return `${where}: rate ${index + 1} has no readable value ('${rate.value ?? ''}')`;
    const code = rate.code ?? '';
    balances.push({
      accountNumber,
      code,
      description: isEarningsCreditRate(code) ? 'ecr' : `${code} Rate`,
      amount: value,
      isRate: true,
    });
  }
  return {
    statementId: detachText(draft.id ?? ''),
    accountNumber,
    currency,
    fromDate: draft.from?.slice(0, 10) ?? null,
    toDate: draft.to?.slice(0, 10) ?? null,
    fees,
    balances,
  };
}

import { describe, expect, it } from 'vitest';
import { parseCamt } from './parse-camt.js';

const balance = (code: string, amount: string, indicator = 'CRDT') =>
  `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>${indicator}</CdtDbtInd><Dt><Dt>2024-03-31</Dt></Dt></Bal>`;

const detail = (text: string, amount?: string, indicator?: string, currency = 'EUR') =>
  `<TxDtls><Refs><EndToEndId>E2E-${text}</EndToEndId></Refs>${amount ? `<Amt Ccy="${currency}">${amount}</Amt>` : ''}${indicator ? `<CdtDbtInd>${indicator}</CdtDbtInd>` : ''}<RmtInf><Ustrd>${text}</Ustrd></RmtInf></TxDtls>`;

const entry = (amount: string, indicator: string, details = '', extra = '') =>
  `<Ntry><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>${indicator}</CdtDbtInd><Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2024-03-15</Dt></BookgDt>${extra}${details ? `<NtryDtls>${details}</NtryDtls>` : ''}</Ntry>`;

const camt053 = (body: string) =>
  Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt><Stmt><Id>S-1</Id>\n<Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy></Acct>\n${body}\n</Stmt></BkToCstmrStmt></Document>`,
  );

async function rowsOf(bytes: Buffer) {
  const result = await parseCamt(bytes);
  if (!result.ok) throw new Error(result.error.message);
  return result.value[0];
}

describe('parseCamt batch entries (issue 15 point 4)', () => {
  it('gives one row per payment when the details carry amounts that add up to the entry', async () => {
    const statement = await rowsOf(
      camt053(
        entry('250.00', 'DBIT', detail('RENT', '200') + detail('FEE', '60') + detail('REFUND', '10', 'CRDT')),
      ),
    );
    expect(statement?.transactions.map((t) => [t.amount, t.description, t.customerReference])).toEqual([
      ['-200', 'RENT', 'E2E-RENT'],
      ['-60', 'FEE', 'E2E-FEE'],
      ['10', 'REFUND', 'E2E-REFUND'],
    ]);
    expect(statement?.warnings).toBeUndefined();
  });

  it('keeps one row described by every detail when the details carry no amounts', async () => {
    const statement = await rowsOf(camt053(entry('300', 'CRDT', detail('INVOICE 1') + detail('INVOICE 2'))));
    expect(statement?.transactions).toEqual([
      { date: '2024-03-15', amount: '300', description: 'INVOICE 1 INVOICE 2' },
    ]);
  });

  it('keeps one row, with a warning, when the amounts do not add up or are in another currency', async () => {
    const notAdding = await rowsOf(camt053(entry('300', 'CRDT', detail('A', '100') + detail('B', '100'))));
    expect(notAdding?.transactions.map((t) => [t.amount, t.description])).toEqual([['300', 'A B']]);
    expect(notAdding?.warnings).toEqual([
      'camt.053 entry 1 of account DE89370400440532013000: the 2 payments add up to 200, not to the booked 300; kept as one transaction',
    ]);
    const otherCurrency = await rowsOf(
      camt053(
        entry('300', 'CRDT', detail('A', '150', undefined, 'CHF') + detail('B', '150', undefined, 'CHF')),
      ),
    );
    expect(otherCurrency?.transactions.map((t) => t.amount)).toEqual(['300']);
  });
});

describe('parseCamt statements', () => {
  it('carries the balances exactly as the file states them: PRCD opens, a debit closing is negative', async () => {
    const statement = await rowsOf(
      camt053(balance('PRCD', '10.50') + balance('CLBD', '4.50', 'DBIT') + entry('15', 'DBIT')),
    );
    expect(statement).toMatchObject({
      format: 'camt.053',
      accountId: 'DE89370400440532013000',
      currency: 'EUR',
      statementId: 'S-1',
      openingBalance: '10.5',
      closingBalance: '-4.5',
    });
  });

  it('refuses an entry it cannot read, naming the entry, the account and the line', async () => {
    const cases: [string, string][] = [
      [
        entry('12,50', 'CRDT'),
        "entry 2 of account DE89370400440532013000: the amount '12,50' is not a number (line 5)",
      ],
      [entry('12.50', 'CREDIT'), "the credit/debit indicator 'CREDIT' is neither CRDT nor DBIT (line 5)"],
      [entry('1', 'CRDT').replace('2024-03-15', '2024-02-30'), "the booking date '2024-02-30' is not a date"],
      [entry('1', 'CRDT').replace(/<BookgDt>.*<\/BookgDt>/, ''), 'the entry has no booking or value date'],
      [
        balance('CLBD', 'abc'),
        "balance 1 of account DE89370400440532013000: the amount 'abc' is not a number",
      ],
    ];
    for (const [broken, message] of cases) {
      const result = await parseCamt(camt053(`${entry('1', 'CRDT')}\n${broken}`));
      expect(result).toMatchObject({ ok: false, error: { kind: 'malformed', format: 'camt' } });
      expect(!result.ok && result.error.message).toContain(message);
    }
  });

  it('refuses a file that is no camt message, and one that holds no statement', async () => {
    const other = await parseCamt(Buffer.from('<Document><BkSvcsBllgStmt/></Document>'));
    expect(!other.ok && other.error.message).toBe(
      'The camt file holds no BkToCstmrStmt, BkToCstmrAcctRpt or BkToCstmrDbtCdtNtfctn inside its Document.',
    );
    const empty = await parseCamt(
      Buffer.from('<Document><BkToCstmrStmt><GrpHdr/></BkToCstmrStmt></Document>'),
    );
    expect(!empty.ok && empty.error.message).toBe(
      'The camt.053 file holds no statement, report or notification.',
    );
  });

  it('stops at the row limit with a typed error', async () => {
    const result = await parseCamt(camt053(entry('1', 'CRDT').repeat(3)), { limits: { maxRows: 2 } });
    expect(result).toMatchObject({ ok: false, error: { kind: 'limit-exceeded', limit: 'rows', maximum: 2 } });
  });

  it('refuses a cut file instead of returning the entries before the cut', async () => {
    const whole = camt053(entry('1', 'CRDT') + entry('2', 'CRDT') + entry('3', 'CRDT'));
    const cut = await parseCamt(whole.subarray(0, whole.indexOf('<Ntry>', 400)));
    expect(cut).toMatchObject({ ok: false, error: { kind: 'malformed' } });
    expect(!cut.ok && cut.error.message).toMatch(
      /^The camt file ends early at line \d+ \(unclosed tag: Stmt\): it is incomplete\.$/,
    );
  });
});

const partiesDetail = (parties: string, remittance: string, extra = '') =>
  `<TxDtls>${extra}<RltdPties>${parties}</RltdPties>${remittance ? `<RmtInf>${remittance}</RmtInf>` : ''}</TxDtls>`;
const PARTIES =
  '<Dbtr><Nm>Payer GmbH</Nm></Dbtr><UltmtDbtr><Nm>Payer Holding</Nm></UltmtDbtr><Cdtr><Pty><Nm>Payee AG</Nm></Pty></Cdtr>';

describe('parseCamt descriptions and references (issue 39 points 1 and 5)', () => {
  it("names the counterparty by the money's way, then the remittance lines and references", async () => {
    const remittance =
      '<Ustrd>Invoice 12</Ustrd><Ustrd>March</Ustrd><Strd><CdtrRefInf><Ref>RF18539007547034</Ref></CdtrRefInf><AddtlRmtInf>Thank you</AddtlRmtInf></Strd>';
    const statement = await rowsOf(
      camt053(
        entry('10', 'CRDT', partiesDetail(PARTIES, remittance), '<AcctSvcrRef>REF-1</AcctSvcrRef>') +
          entry('20', 'DBIT', partiesDetail(PARTIES, '<Ustrd>Rent</Ustrd>')) +
          // A reversal runs a payment back: its parties are those of the original debit.
          entry('5', 'CRDT', partiesDetail(PARTIES, '<Ustrd>Returned</Ustrd>'), '<RvslInd>true</RvslInd>'),
      ),
    );
    expect(statement?.transactions.map((t) => [t.amount, t.description, t.bankReference])).toEqual([
      ['10', 'Payer GmbH Payer Holding Invoice 12 March RF18539007547034 Thank you', 'REF-1'],
      ['-20', 'Payee AG Rent', undefined],
      ['5', 'Payee AG Returned', undefined],
    ]);
  });

  it("keeps the entry's AddtlNtryInf beside the names when no detail has remittance text", async () => {
    const statement = await rowsOf(
      camt053(entry('7', 'DBIT', partiesDetail(PARTIES, ''), '<AddtlNtryInf>Standing order</AddtlNtryInf>')),
    );
    expect(statement?.transactions[0]?.description).toBe('Payee AG Standing order');
  });

  it("gives each payment of a batch its own AcctSvcrRef, else the entry's", async () => {
    const payment = (reference: string, amount: string, name: string) =>
      partiesDetail(
        `<Cdtr><Nm>${name}</Nm></Cdtr>`,
        `<Ustrd>Salary ${name}</Ustrd>`,
        `${reference ? `<Refs><AcctSvcrRef>${reference}</AcctSvcrRef></Refs>` : ''}<Amt Ccy="EUR">${amount}</Amt>`,
      );
    const statement = await rowsOf(
      camt053(
        entry(
          '300',
          'DBIT',
          payment('PAY-1', '100', 'Ann') + payment('', '200', 'Bob'),
          '<AcctSvcrRef>BATCH-9</AcctSvcrRef>',
        ),
      ),
    );
    expect(statement?.transactions.map((t) => [t.amount, t.description, t.bankReference])).toEqual([
      ['-100', 'Salary Ann', 'PAY-1'],
      ['-200', 'Salary Bob', 'BATCH-9'],
    ]);
  });

  it('takes the period from FrToDt, else from the opening and closing balance dates', async () => {
    const withPeriod = await rowsOf(
      camt053(
        '<FrToDt><FrDtTm>2024-03-01T00:00:00+01:00</FrDtTm><ToDtTm>2024-03-31T23:59:59+01:00</ToDtTm></FrToDt>' +
          balance('OPBD', '10') +
          balance('CLBD', '10'),
      ),
    );
    expect([withPeriod?.fromDate, withPeriod?.toDate]).toEqual(['2024-03-01', '2024-03-31']);
    const fromBalances = await rowsOf(camt053(balance('PRCD', '10') + balance('CLBD', '10')));
    expect([fromBalances?.fromDate, fromBalances?.toDate]).toEqual(['2024-03-31', '2024-03-31']);
  });
});

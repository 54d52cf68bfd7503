import { describe, expect, it } from 'vitest';
import { readShared } from '../../test/fixture-path.js';
import { extractFile } from '../extract-file.js';
import type { InvestmentRow } from '../template/template-context.js';

async function investmentRowsOf(bytes: Buffer, fileName = 'positions.ofx'): Promise<InvestmentRow[]> {
  const result = await extractFile(bytes, { fileName });
  if (!result.ok || result.value.kind !== 'statements') throw new Error(`${fileName} was not read`);
  return result.value.investmentRows;
}

const position = (kind: string, id: string, units: string, price: string, value: string, asOf = '') =>
  `<${kind}><INVPOS><SECID><UNIQUEID>${id}</UNIQUEID><UNIQUEIDTYPE>CUSIP</UNIQUEIDTYPE></SECID>` +
  `<HELDINACCT>CASH</HELDINACCT><POSTYPE>LONG</POSTYPE><UNITS>${units}</UNITS><UNITPRICE>${price}</UNITPRICE>` +
  `<MKTVAL>${value}</MKTVAL>${asOf ? `<DTPRICEASOF>${asOf}</DTPRICEASOF>` : ''}</INVPOS></${kind}>`;

const security = (kind: string, id: string, name: string, fields: string) =>
  `<${kind}><SECINFO><SECID><UNIQUEID>${id}</UNIQUEID><UNIQUEIDTYPE>CUSIP</UNIQUEIDTYPE></SECID>` +
  `<SECNAME>${name}</SECNAME></SECINFO>${fields}</${kind}>`;

/** A broker's statement with the kinds of holdings a client's treasury holds. */
const HOLDINGS = Buffer.from(
  '<?xml version="1.0"?>\n<?OFX OFXHEADER="200" VERSION="211" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>\n' +
    '<OFX><INVSTMTMSGSRSV1><INVSTMTTRNRS><TRNUID>1</TRNUID><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS>' +
    '<INVSTMTRS><DTASOF>20260630</DTASOF><CURDEF>USD</CURDEF>' +
    '<INVACCTFROM><BROKERID>broker.example</BROKERID><ACCTID>5501</ACCTID></INVACCTFROM>' +
    '<INVTRANLIST><DTSTART>20260601</DTSTART><DTEND>20260630</DTEND></INVTRANLIST><INVPOSLIST>' +
    position('POSDEBT', '912797KX4', '250000', '99.5', '248750', '20260630') +
    position('POSDEBT', '459200AB7', '10', '99.5', '9950') +
    position('POSDEBT', '3133EPXY6', '1000000', '99.5', '995000') +
    position('POSMF', '922906300', '12000.5', '1', '12000.5') +
    '</INVPOSLIST></INVSTMTRS></INVSTMTTRNRS></INVSTMTMSGSRSV1>' +
    '<SECLISTMSGSRSV1><SECLIST>' +
    security(
      'DEBTINFO',
      '912797KX4',
      'United States Treasury Bill 0% 09/24/2026',
      '<PARVALUE>1000</PARVALUE><DEBTTYPE>ZERO</DEBTTYPE><DTMAT>20260924</DTMAT>',
    ) +
    security(
      'DEBTINFO',
      '459200AB7',
      'International Business Machines Corporation 5.25% Senior Notes due 2030',
      '<PARVALUE>1000</PARVALUE><DEBTTYPE>COUPON</DEBTTYPE><DEBTCLASS>CORPORATE</DEBTCLASS><COUPONRT>5.25</COUPONRT><DTCALL>20280115</DTCALL><DTMAT>20300115</DTMAT>',
    ) +
    security(
      'DEBTINFO',
      '3133EPXY6',
      'FFCB 4.5% 07/15/2028',
      '<PARVALUE>1000</PARVALUE><DEBTTYPE>COUPON</DEBTTYPE><COUPONRT>4.5</COUPONRT><DTCALL>20270715</DTCALL><DTMAT>20280715</DTMAT>',
    ) +
    security(
      'MFINFO',
      '922906300',
      'Vanguard Federal Money Market Fund',
      '<MFTYPE>OPENEND</MFTYPE><YIELD>4.9</YIELD>',
    ) +
    '</SECLIST></SECLISTMSGSRSV1></OFX>\n',
);

describe('OFX positions as staging investments (issue 39 point 5)', () => {
  it('TD Ameritrade: a stock at its market value, a Treasury bond at its face (UNITS, priced in percent of par)', async () => {
    const rows = await investmentRowsOf(readShared('investments/ofxparse_td_ameritrade_treasury_cusip.ofx'));
    const common = {
      accountNumber: '121212121',
      settlementAmount: '1000',
      interestRate: '0',
      couponRate: null,
      settlementDate: '2017-12-03',
      // Without a DTMAT a position matures on its settlement date.
      maturityDate: '2017-12-03',
      callDate: null,
    };
    expect(rows).toEqual([
      {
        ...common,
        rowNumber: 1,
        investmentId: '023135106',
        investmentTypeName: 'Stock',
        fund: 'Amazon.com, Inc. - Common Stock',
        faceValue: '1000',
      },
      {
        ...common,
        rowNumber: 2,
        investmentId: '912810RW0',
        investmentTypeName: 'Treasury Bond',
        fund: 'US Treasury 2047',
        faceValue: '1000',
      },
    ]);
  });

  it('TIAA-CREF: other positions, named where the security list names them, valued at DTPRICEASOF', async () => {
    const rows = await investmentRowsOf(readShared('investments/ofxparse_tiaacref_positions.ofx'));
    expect(
      rows.map((r) => [r.investmentId, r.investmentTypeName, r.fund, r.faceValue, r.settlementAmount]),
    ).toEqual([
      ['222222126', 'Other', null, '13.0763', '13.0763'],
      ['222222217', 'Other', null, '25.5785', '25.5785'],
      ['222222233', 'Other', 'CREF Bond Market R3', '109.3512', '109.3512'],
      ['222222258', 'Other', null, '4187.6423', '4187.6423'],
      ['111111111', 'Other', 'TIAA Traditional', '543.71', '543.71'],
      ['333333200', 'Other', 'TIAA Real Estate', '20', '20'],
    ]);
    expect(new Set(rows.map((r) => [r.accountNumber, r.settlementDate, r.maturityDate].join()))).toEqual(
      new Set(['111A1111 22B222 33C333,2017-03-07,2017-03-07']),
    );
  });

  it('Vanguard: mutual fund positions in an SGML file with unclosed tags', async () => {
    const rows = await investmentRowsOf(
      readShared('investments/ofxparse_vanguard_positions_unclosed_tags.ofx'),
    );
    expect(rows).toMatchObject([
      {
        rowNumber: 1,
        accountNumber: '01234567890',
        investmentId: '012345678',
        investmentTypeName: 'Mutual Fund',
        fund: 'Name of share',
        faceValue: '10200',
        settlementAmount: '10200',
        interestRate: '0',
        settlementDate: '2011-07-26',
        maturityDate: '2011-07-26',
      },
      { rowNumber: 2, faceValue: '14279.72', settlementAmount: '14279.72', settlementDate: '2011-07-26' },
    ]);
  });

  it('names debt by class and issuer, reads face values, rates and dates, and cuts fund names to 50', async () => {
    const rows = await investmentRowsOf(HOLDINGS);
    expect(rows.map(({ rowNumber: _, accountNumber: __, ...row }) => row)).toEqual([
      {
        investmentId: '912797KX4',
        investmentTypeName: 'Treasury Bill',
        fund: 'United States Treasury Bill 0% 09/24/2026',
        faceValue: '250000',
        settlementAmount: '248750',
        interestRate: '0',
        couponRate: null,
        settlementDate: '2026-06-30',
        maturityDate: '2026-09-24',
        callDate: null,
      },
      {
        // UNITS counts bonds here: 10 x 1000 par x 99.5% is the market value.
        investmentId: '459200AB7',
        investmentTypeName: 'Corporate Bond',
        fund: 'International Business Machines Corporation 5.25%',
        faceValue: '10000',
        settlementAmount: '9950',
        interestRate: '5.25',
        couponRate: '5.25',
        // No DTPRICEASOF: the statement's DTASOF.
        settlementDate: '2026-06-30',
        maturityDate: '2030-01-15',
        callDate: '2028-01-15',
      },
      {
        investmentId: '3133EPXY6',
        investmentTypeName: 'Callable Agency Note',
        fund: 'FFCB 4.5% 07/15/2028',
        faceValue: '1000000',
        settlementAmount: '995000',
        interestRate: '4.5',
        couponRate: '4.5',
        settlementDate: '2026-06-30',
        maturityDate: '2028-07-15',
        callDate: '2027-07-15',
      },
      {
        investmentId: '922906300',
        investmentTypeName: 'Money Market Fund',
        fund: 'Vanguard Federal Money Market Fund',
        faceValue: '12000.5',
        settlementAmount: '12000.5',
        interestRate: '4.9',
        couponRate: null,
        settlementDate: '2026-06-30',
        maturityDate: '2026-06-30',
        callDate: null,
      },
    ]);
    expect(rows.map((r) => [r.rowNumber, r.accountNumber])).toEqual([
      [1, '5501'],
      [2, '5501'],
      [3, '5501'],
      [4, '5501'],
    ]);
  });
});

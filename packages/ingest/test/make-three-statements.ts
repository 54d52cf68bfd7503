/**
 * One small file per bank format holding three statements, the middle one without entries, so the
 * rows' statementIndex, the statements' periods and the entries' bank references can be checked
 * for every format the same way. What each file says is in THREE_STATEMENTS below.
 */

export type ThreeStatementFormat = 'bai2' | 'camt' | 'ofx' | 'mt940';

/** The accounts in file order, and each statement's entries' amounts. */
export const THREE_STATEMENTS = {
  accounts: ['111', '222', '333'],
  amounts: [['-100', '250.5'], [], ['-40']],
};

/** BAI2 trailers count every record and add every amount, so they are worked out here. */
function makeBai2(): string {
  const accounts = [
    [
      '03,111,USD,010,100000,,,015,115050,,/',
      '16,475,10000,,BREF1,1234/',
      '16,195,25050,,BREF2,,WIRE FROM ACME/',
    ],
    ['03,222,USD,010,5000,,,015,5000,,/'],
    ['03,333,USD,010,0,,,015,-4000,,/', '16,469,4000,,NONREF,,ACH DEBIT/'],
  ];
  const amountsOf = (line: string) => {
    const f = line.replace(/\/$/, '').split(',');
    if (f[0] === '16') return Number(f[2]);
    return Number(f[4]) + Number(f[8]);
  };
  const lines = ['01,SENDER,RECEIVER,240131,1200,1,,,2/', '02,RECEIVER,SENDER,1,240131,,USD,2/'];
  let groupTotal = 0;
  for (const account of accounts) {
    const total = account.reduce((sum, line) => sum + amountsOf(line), 0);
    groupTotal += total;
    lines.push(...account, `49,${total},${account.length + 1}/`);
  }
  // The group counts its records from the 02 to the 98: all but the 01, and the 98 itself.
  lines.push(`98,${groupTotal},${accounts.length},${lines.length}/`);
  lines.push(`99,${groupTotal},1,${lines.length + 1}/`);
  return `${lines.join('\n')}\n`;
}

const camtEntry = (amount: string, indicator: string, reference: string, parties: string, text: string) =>
  `<Ntry><Amt Ccy="EUR">${amount}</Amt><CdtDbtInd>${indicator}</CdtDbtInd><BookgDt><Dt>2024-01-15</Dt></BookgDt>` +
  `<AcctSvcrRef>${reference}</AcctSvcrRef><NtryDtls><TxDtls><RltdPties>${parties}</RltdPties>` +
  `<RmtInf><Ustrd>${text}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>`;

const camtStatement = (id: string, account: string, opening: string, closing: string, entries: string) =>
  `<Stmt><Id>${id}</Id><FrToDt><FrDtTm>2024-01-01T00:00:00</FrDtTm><ToDtTm>2024-01-31T23:59:59</ToDtTm></FrToDt>` +
  `<Acct><Id><Othr><Id>${account}</Id></Othr></Id><Ccy>EUR</Ccy></Acct>` +
  `<Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${opening}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2023-12-31</Dt></Dt></Bal>` +
  `<Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy="EUR">${closing}</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2024-01-31</Dt></Dt></Bal>` +
  `${entries}</Stmt>`;

function makeCamt(): string {
  const first =
    camtEntry(
      '100.00',
      'DBIT',
      'ACSR-1',
      '<Dbtr><Nm>Tideline Ltd</Nm></Dbtr><Cdtr><Nm>City Power</Nm></Cdtr>',
      'Invoice 77',
    ) +
    camtEntry(
      '250.50',
      'CRDT',
      'ACSR-2',
      '<Dbtr><Pty><Nm>ACME Corp</Nm></Pty></Dbtr><UltmtDbtr><Pty><Nm>ACME Holding</Nm></Pty></UltmtDbtr>',
      'Order 9',
    );
  const third = camtEntry('40.00', 'DBIT', 'NOTPROVIDED', '<Cdtr><Nm>Telco</Nm></Cdtr>', 'Telco Phone bill');
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt>' +
    camtStatement('S1', '111', '1000', '1150.5', first) +
    camtStatement('S2', '222', '50', '50', '') +
    camtStatement('S3', '333', '40', '0', third) +
    '</BkToCstmrStmt></Document>\n'
  );
}

const ofxTransaction = (amount: string, fitId: string, name: string, memo: string) =>
  `<STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20240115</DTPOSTED><TRNAMT>${amount}</TRNAMT><FITID>${fitId}</FITID><NAME>${name}</NAME><MEMO>${memo}</MEMO></STMTTRN>`;

const ofxStatement = (account: string, balance: string, transactions: string) =>
  `<STMTTRNRS><TRNUID>1</TRNUID><STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS><STMTRS><CURDEF>USD</CURDEF>` +
  `<BANKACCTFROM><BANKID>1</BANKID><ACCTID>${account}</ACCTID><ACCTTYPE>CHECKING</ACCTTYPE></BANKACCTFROM>` +
  `<BANKTRANLIST><DTSTART>20240101</DTSTART><DTEND>20240131</DTEND>${transactions}</BANKTRANLIST>` +
  `<LEDGERBAL><BALAMT>${balance}</BALAMT><DTASOF>20240131</DTASOF></LEDGERBAL></STMTRS></STMTTRNRS>`;

function makeOfx(): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n<?OFX OFXHEADER="200" VERSION="211" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>\n' +
    '<OFX><BANKMSGSRSV1>' +
    ofxStatement(
      '111',
      '1150.5',
      ofxTransaction('-100', 'FIT-1', 'CITY POWER', 'Invoice 77') +
        ofxTransaction('250.5', 'FIT-2', 'ACME CORP ORDER 9', 'ORDER 9'),
    ) +
    ofxStatement('222', '50', '') +
    ofxStatement('333', '0', ofxTransaction('-40', 'FIT-3', 'TELCO', 'Phone bill')) +
    '</BANKMSGSRSV1></OFX>\n'
  );
}

function makeMt940(): string {
  return [
    ':20:STMT1',
    ':25:111',
    ':28C:1/1',
    ':60F:C240101EUR1000,00',
    ':61:2401150115D100,00NTRFINV77//BANKREF1',
    ':86:166?00GUTSCHRIFT?20SVWZ+Invoice 77?32City Po?33wer Ltd',
    ':61:2401160116C250,50NTRFNONREF//BANKREF2',
    ':86:Order 9',
    ':62F:C240131EUR1150,50',
    '-',
    ':20:STMT2',
    ':25:222',
    ':28C:1/1',
    ':60F:C240101EUR50,00',
    ':62F:C240131EUR50,00',
    '-',
    ':20:STMT3',
    ':25:333',
    ':28C:1/1',
    ':60F:C240101EUR40,00',
    ':61:2401200120D40,00NTRFNONREF//NONREF',
    ':86:Phone bill',
    ':62F:C240131EUR0,00',
    '-',
    '',
  ].join('\r\n');
}

export function makeThreeStatements(format: ThreeStatementFormat): Buffer {
  const text = { bai2: makeBai2, camt: makeCamt, ofx: makeOfx, mt940: makeMt940 }[format]();
  return Buffer.from(text, 'utf8');
}

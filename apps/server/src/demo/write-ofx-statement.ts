import { escapeXml } from './camt053-writer';
import { classifyEntry, formatSignedCents, routingNumberOf, type DemoStatement } from './demo-statement';

const toOfxDate = (iso: string) => iso.replaceAll('-', '');

/** OFX NAME holds 32 characters; a longer description goes whole into MEMO, which the engine reads then. */
const NAME_LENGTH = 32;

function accountTypeOf(category: string): string {
  if (category === 'Money Market') return 'MONEYMRKT';
  if (category === 'Savings') return 'SAVINGS';
  return 'CHECKING';
}

/**
 * One account's month as an OFX 2.2 bank statement download: a STMTTRN per transaction (FITID,
 * TRNTYPE, DTPOSTED, signed TRNAMT) and the closing balance as LEDGERBAL (OFX states no opening one).
 */
export function writeOfxStatement(statement: DemoStatement): string {
  const { account, month } = statement;
  const transactions = statement.entries.map((entry, i) => {
    const kind = classifyEntry(entry).ofx;
    const check = /#(\d+)$/.exec(entry.description);
    const text =
      entry.description.length <= NAME_LENGTH
        ? `<NAME>${escapeXml(entry.description)}</NAME>`
        : `<MEMO>${escapeXml(entry.description)}</MEMO>`;
    return (
      `          <STMTTRN><TRNTYPE>${kind}</TRNTYPE><DTPOSTED>${toOfxDate(entry.date)}</DTPOSTED>` +
      `<TRNAMT>${formatSignedCents(entry.cents)}</TRNAMT>` +
      `<FITID>${account.accountNumber}${toOfxDate(entry.date)}${String(i + 1).padStart(4, '0')}</FITID>` +
      `${kind === 'CHECK' && check ? `<CHECKNUM>${check[1]}</CHECKNUM>` : ''}${text}</STMTTRN>\n`
    );
  });
  const status = '<STATUS><CODE>0</CODE><SEVERITY>INFO</SEVERITY></STATUS>';
  return `<?xml version="1.0" encoding="UTF-8" standalone="no"?>
<?OFX OFXHEADER="200" VERSION="220" SECURITY="NONE" OLDFILEUID="NONE" NEWFILEUID="NONE"?>
<OFX>
  <SIGNONMSGSRSV1>
    <SONRS>${status}<DTSERVER>${toOfxDate(statement.to)}235959</DTSERVER><LANGUAGE>ENG</LANGUAGE></SONRS>
  </SIGNONMSGSRSV1>
  <BANKMSGSRSV1>
    <STMTTRNRS>
      <TRNUID>${account.accountNumber}-${month}</TRNUID>${status}
      <STMTRS>
        <CURDEF>USD</CURDEF>
        <BANKACCTFROM><BANKID>${routingNumberOf(statement.bankName)}</BANKID><ACCTID>${escapeXml(account.accountNumber)}</ACCTID><ACCTTYPE>${accountTypeOf(account.accountCategory)}</ACCTTYPE></BANKACCTFROM>
        <BANKTRANLIST>
          <DTSTART>${toOfxDate(statement.from)}</DTSTART><DTEND>${toOfxDate(statement.to)}</DTEND>
${transactions.join('')}        </BANKTRANLIST>
        <LEDGERBAL><BALAMT>${formatSignedCents(statement.closingCents)}</BALAMT><DTASOF>${toOfxDate(statement.to)}</DTASOF></LEDGERBAL>
      </STMTRS>
    </STMTTRNRS>
  </BANKMSGSRSV1>
</OFX>
`;
}

// camt.053 pieces as banks lay them out, indented: demo-statements writes small statements with
// them, bench/ingest-camt.bench.ts streams large ones.

/** One booked entry: signed minor units (credits positive), its booking date and remittance text. */
export interface CamtEntry {
  cents: number;
  /** YYYY-MM-DD, booking and value date. */
  date: string;
  /** The bank's reference (AcctSvcrRef). */
  reference: string;
  endToEndId?: string;
  text: string;
}

export interface CamtStatementHeader {
  messageId: string;
  /** YYYY-MM-DDTHH:MM:SS */
  createdAt: string;
  statementId: string;
  accountId: string;
  currency: string;
  /** The period the statement covers, YYYY-MM-DD. */
  period?: { from: string; to: string };
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

export function escapeXml(text: string): string {
  return text.replace(/[&<>"]/g, (c) => XML_ESCAPES[c]!);
}

/** '1234.05' from 123405 or -123405: camt amounts are unsigned, CdtDbtInd gives the direction. */
const toCamtAmount = (cents: number) => {
  const abs = Math.abs(cents);
  return `${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
};

/** An entry with its bank transaction code (received or issued credit transfer) and one TxDtls. */
export function formatCamtEntry(e: CamtEntry): string {
  const isDebit = e.cents < 0;
  const refs = e.endToEndId
    ? `\n          <Refs><EndToEndId>${escapeXml(e.endToEndId)}</EndToEndId></Refs>`
    : '';
  return `      <Ntry>
        <Amt Ccy="USD">${toCamtAmount(e.cents)}</Amt>
        <CdtDbtInd>${isDebit ? 'DBIT' : 'CRDT'}</CdtDbtInd>
        <Sts><Cd>BOOK</Cd></Sts>
        <BookgDt><Dt>${e.date}</Dt></BookgDt>
        <ValDt><Dt>${e.date}</Dt></ValDt>
        <AcctSvcrRef>${escapeXml(e.reference)}</AcctSvcrRef>
        <BkTxCd><Domn><Cd>PMNT</Cd><Fmly><Cd>${isDebit ? 'ICDT' : 'RCDT'}</Cd><SubFmlyCd>ESCT</SubFmlyCd></Fmly></Domn></BkTxCd>
        <NtryDtls><TxDtls>${refs}
          <RmtInf><Ustrd>${escapeXml(e.text)}</Ustrd></RmtInf>
        </TxDtls></NtryDtls>
      </Ntry>
`;
}

/** A booked balance: OPBD (opening) or CLBD (closing), negative as DBIT. */
export function formatCamtBalance(code: 'OPBD' | 'CLBD', cents: number, date: string): string {
  return (
    `      <Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="USD">${toCamtAmount(cents)}</Amt>` +
    `<CdtDbtInd>${cents < 0 ? 'DBIT' : 'CRDT'}</CdtDbtInd><Dt><Dt>${date}</Dt></Dt></Bal>\n`
  );
}

/** The document up to the statement's balances; CAMT_STATEMENT_END closes it after the entries. */
export function formatCamtStatementStart(h: CamtStatementHeader): string {
  const period = h.period
    ? `\n      <FrToDt><FrDtTm>${h.period.from}T00:00:00</FrDtTm><ToDtTm>${h.period.to}T23:59:59</ToDtTm></FrToDt>`
    : '';
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">
  <BkToCstmrStmt>
    <GrpHdr><MsgId>${escapeXml(h.messageId)}</MsgId><CreDtTm>${h.createdAt}</CreDtTm></GrpHdr>
    <Stmt>
      <Id>${escapeXml(h.statementId)}</Id>
      <CreDtTm>${h.createdAt}</CreDtTm>${period}
      <Acct><Id><Othr><Id>${escapeXml(h.accountId)}</Id></Othr></Id><Ccy>${h.currency}</Ccy></Acct>
`;
}

export const CAMT_STATEMENT_END = `    </Stmt>
  </BkToCstmrStmt>
</Document>
`;

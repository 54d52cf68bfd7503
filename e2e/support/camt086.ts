// A synthetic ISO 20022 camt.086.001.02 account analysis statement (BankServicesBillingStatement), in
// the shape packages/ingest/src/treasury/parse-camt086.ts reads: service lines into the Fees section,
// balances and rates into the Balance section. No licensed sample exists (the ingest package's own
// fixture is synthetic too), and `npm run cli -- demo-statements` writes none.

export interface AnalysisServiceLine {
  bankCode: string;
  /** The AFP common code, or none for a line the bank codes itself. */
  afpCode?: string;
  description: string;
  volume: number;
  unitPrice: number;
  /** Signed: a credit to the customer is negative. */
  charge: number;
}

export interface AnalysisStatement {
  statementId: string;
  accountNumber: string;
  /** YYYY-MM-DD, the billing period. */
  fromDate: string;
  toDate: string;
  services: readonly AnalysisServiceLine[];
  /** Balance type code (AVCL, ERNC…) and signed amount. */
  balances: readonly { code: string; amount: number }[];
  /** The earnings credit rate in percent. */
  earningsCreditRate: number;
}

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Amt plus Sgn (AmountAndDirection34): Sgn false is a negative value. */
const amountAndSign = (value: number, digits: number) =>
  `<Amt>${Math.abs(value).toFixed(digits)}</Amt><Sgn>${value >= 0}</Sgn>`;

function serviceXml(line: AnalysisServiceLine): string {
  const common = line.afpCode ? `<CmonCd><Issr>AFP</Issr><Id>${line.afpCode}</Id></CmonCd>` : '';
  return `        <Svc>
          <SvcDtl>
            <BkSvc><Id>${escapeXml(line.bankCode)}</Id><Desc>${escapeXml(line.description)}</Desc>${common}</BkSvc>
            <Vol>${line.volume}</Vol>
          </SvcDtl>
          <Pric><Ccy>USD</Ccy><UnitPric>${amountAndSign(line.unitPrice, 4)}</UnitPric></Pric>
          <PmtMtd>FLAT</PmtMtd>
          <OrgnlChrgPric>${amountAndSign(line.charge, 2)}</OrgnlChrgPric>
          <TaxDsgnt><Cd>XMPT</Cd></TaxDsgnt>
        </Svc>`;
}

export function writeCamt086(statement: AnalysisStatement): string {
  const balances = statement.balances
    .map((b) => `        <Bal><Tp><Cd>${b.code}</Cd></Tp><Val>${amountAndSign(b.amount, 2)}</Val></Bal>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.086.001.02">
  <BkSvcsBllgStmt>
    <RptHdr><RptId>${escapeXml(statement.statementId)}</RptId><MsgPgntn><PgNb>1</PgNb><LastPgInd>true</LastPgInd></MsgPgntn></RptHdr>
    <BllgStmtGrp>
      <GrpId>G1</GrpId>
      <BllgStmt>
        <StmtId>${escapeXml(statement.statementId)}</StmtId>
        <FrToDt><FrDt>${statement.fromDate}</FrDt><ToDt>${statement.toDate}</ToDt></FrToDt>
        <CreDtTm>${statement.toDate}T08:00:00</CreDtTm>
        <Sts>ORGN</Sts>
        <AcctChrtcs>
          <AcctLvl>DETL</AcctLvl>
          <CshAcct><Id><Othr><Id>${escapeXml(statement.accountNumber)}</Id></Othr></Id></CshAcct>
          <CompstnMtd>DBTD</CompstnMtd>
          <AcctBalCcyCd>USD</AcctBalCcyCd>
          <SttlmCcyCd>USD</SttlmCcyCd>
        </AcctChrtcs>
        <RateData><Id><Cd>ECRA</Cd></Id><Val>${statement.earningsCreditRate}</Val><DaysInPrd>30</DaysInPrd><DaysInYr>365</DaysInYr></RateData>
${balances}
${statement.services.map(serviceXml).join('\n')}
      </BllgStmt>
    </BllgStmtGrp>
  </BkSvcsBllgStmt>
</Document>
`;
}

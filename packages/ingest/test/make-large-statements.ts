// Bank statement files of any size, produced as a stream (never held): one account, its opening
// and closing balances adding up, so readStatements accepts them. The package's memory tests and
// bench/ingest-statements-stress.bench.ts read them at two sizes to show that memory does not grow
// with the rows.

export type LargeStatementFormat = 'bai2' | 'camt' | 'mt940' | 'ofx';

export interface LargeStatementOptions {
  transactions: number;
  /** Characters of free text per transaction (the file's size per row follows from it). */
  textLength?: number;
  /** Puts one Windows-1252 byte (É) into this transaction's text: the 8-bit path of BAI2 and MT940. */
  eightBitAt?: number;
}

export const LARGE_STATEMENT_ACCOUNT = '00123456';
const OPENING_CENTS = 100_000_000;
const WORDS = ['ACH', 'DEPOSIT', 'WIRE', 'TRANSFER', 'PAYROLL', 'VENDOR', 'CHECK', 'CARD', 'FEE', 'REFUND'];
const CHUNK_CHARS = 1 << 20;

/** Deterministic pseudo-random numbers (mulberry32): every run writes the same file. */
function createRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Entry {
  /** Signed cents: credits positive. */
  cents: number;
  reference: string;
  text: string;
}

function* entries(options: LargeStatementOptions): Generator<Entry> {
  const random = createRandom(42);
  const length = options.textLength ?? 40;
  for (let i = 1; i <= options.transactions; i++) {
    let text = '';
    while (text.length < length) text += `${WORDS[Math.floor(random() * WORDS.length)]} `;
    text = text.slice(0, length - 6) + String(i % 1_000_000).padStart(6, '0');
    if (i === options.eightBitAt) text = `\u00c9${text.slice(1)}`;
    const cents = 1 + Math.floor(random() * 500_000);
    yield { cents: random() < 0.6 ? -cents : cents, reference: `REF${String(i).padStart(9, '0')}`, text };
  }
}

function sumEntries(options: LargeStatementOptions) {
  const sums = { credits: 0, creditCount: 0, debits: 0, debitCount: 0 };
  for (const e of entries(options)) {
    if (e.cents < 0) {
      sums.debits -= e.cents;
      sums.debitCount++;
    } else {
      sums.credits += e.cents;
      sums.creditCount++;
    }
  }
  return sums;
}

const closingCents = (options: LargeStatementOptions) => {
  const sums = sumEntries(options);
  return OPENING_CENTS + sums.credits - sums.debits;
};

const decimal = (cents: number, point = '.') => {
  const abs = Math.abs(cents);
  return `${cents < 0 ? '-' : ''}${Math.floor(abs / 100)}${point}${String(abs % 100).padStart(2, '0')}`;
};

/** Text as Windows-1252 bytes (latin1 covers É), in chunks of about 1 MB. */
async function* inChunks(parts: Iterable<string>): AsyncGenerator<Buffer> {
  let chunk = '';
  for (const part of parts) {
    chunk += part;
    if (chunk.length >= CHUNK_CHARS) {
      yield Buffer.from(chunk, 'latin1');
      chunk = '';
    }
  }
  if (chunk !== '') yield Buffer.from(chunk, 'latin1');
}

/** With the total credits (100) and debits (400) counting the details: the balance check applies. */
function* bai2(options: LargeStatementOptions): Generator<string> {
  const { credits, creditCount, debits, debitCount } = sumEntries(options);
  const closing = OPENING_CENTS + credits - debits;
  let total = BigInt(OPENING_CENTS) + BigInt(closing) + BigInt(credits) + BigInt(debits);
  let records = 2;
  yield '01,TIDEUS33,CUST01,240131,0800,1,,,2/\n02,CUST01,TIDEUS33,1,240131,2400,USD,2/\n';
  yield `03,${LARGE_STATEMENT_ACCOUNT},USD,010,${OPENING_CENTS},,,015,${closing},,,100,${credits},${creditCount},,400,${debits},${debitCount},/\n`;
  for (const e of entries(options)) {
    const amount = Math.abs(e.cents);
    total += BigInt(amount);
    records++;
    yield `16,${e.cents < 0 ? '475' : '195'},${amount},0,${e.reference},,${e.text}/\n`;
  }
  yield `49,${total},${records}/\n98,${total},1,${records + 2}/\n99,${total},1,${records + 4}/\n`;
}

const camtBalance = (code: string, cents: number) =>
  `<Bal><Tp><CdOrPrtry><Cd>${code}</Cd></CdOrPrtry></Tp><Amt Ccy="USD">${decimal(Math.abs(cents))}</Amt>` +
  `<CdtDbtInd>${cents < 0 ? 'DBIT' : 'CRDT'}</CdtDbtInd><Dt><Dt>2024-01-31</Dt></Dt></Bal>\n`;

function* camt(options: LargeStatementOptions): Generator<string> {
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02">';
  yield `<BkToCstmrStmt><GrpHdr><MsgId>M1</MsgId></GrpHdr><Stmt><Id>S1</Id>\n<Acct><Id><Othr><Id>${LARGE_STATEMENT_ACCOUNT}</Id></Othr></Id><Ccy>USD</Ccy></Acct>\n`;
  yield camtBalance('OPBD', OPENING_CENTS) + camtBalance('CLBD', closingCents(options));
  for (const e of entries(options)) {
    yield (
      `<Ntry><Amt Ccy="USD">${decimal(Math.abs(e.cents))}</Amt><CdtDbtInd>${e.cents < 0 ? 'DBIT' : 'CRDT'}</CdtDbtInd>` +
      `<Sts><Cd>BOOK</Cd></Sts><BookgDt><Dt>2024-01-31</Dt></BookgDt><AcctSvcrRef>${e.reference}</AcctSvcrRef>` +
      `<NtryDtls><TxDtls><RmtInf><Ustrd>${e.text}</Ustrd></RmtInf></TxDtls></NtryDtls></Ntry>\n`
    );
  }
  yield '</Stmt></BkToCstmrStmt></Document>\n';
}

const mt940Balance = (tag: string, cents: number) =>
  `:${tag}:${cents < 0 ? 'D' : 'C'}240131USD${decimal(Math.abs(cents), ',')}\n`;

function* mt940(options: LargeStatementOptions): Generator<string> {
  yield `:20:STMT1\n:25:${LARGE_STATEMENT_ACCOUNT}\n:28C:1/1\n${mt940Balance('60F', OPENING_CENTS)}`;
  for (const e of entries(options)) {
    const amount = decimal(Math.abs(e.cents), ',');
    yield `:61:2401310131${e.cents < 0 ? 'D' : 'C'}${amount}NTRF${e.reference}\n:86:${e.text}\n`;
  }
  yield `${mt940Balance('62F', closingCents(options))}-\n`;
}

function* ofx(options: LargeStatementOptions): Generator<string> {
  yield 'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\nSECURITY:NONE\nENCODING:USASCII\nCHARSET:1252\nCOMPRESSION:NONE\nOLDFILEUID:NONE\nNEWFILEUID:NONE\n\n';
  yield '<OFX><BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS><STMTRS><CURDEF>USD\n';
  yield `<BANKACCTFROM><BANKID>121000248<ACCTID>${LARGE_STATEMENT_ACCOUNT}<ACCTTYPE>CHECKING</BANKACCTFROM>\n`;
  yield '<BANKTRANLIST><DTSTART>20240101<DTEND>20240131\n';
  for (const e of entries(options)) {
    yield (
      `<STMTTRN><TRNTYPE>${e.cents < 0 ? 'DEBIT' : 'CREDIT'}<DTPOSTED>20240131<TRNAMT>${decimal(e.cents)}` +
      `<FITID>${e.reference}<NAME>${e.text}</STMTTRN>\n`
    );
  }
  yield `</BANKTRANLIST><LEDGERBAL><BALAMT>${decimal(closingCents(options))}<DTASOF>20240131</LEDGERBAL>\n`;
  yield '</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n';
}

const WRITERS = { bai2, camt, mt940, ofx };

/** The file as a stream of about 1 MB chunks; the same options always give the same bytes. */
export function makeLargeStatement(
  format: LargeStatementFormat,
  options: LargeStatementOptions,
): AsyncGenerator<Buffer> {
  return inChunks(WRITERS[format](options));
}

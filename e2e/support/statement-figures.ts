import { readFileSync } from 'node:fs';
import type { DemoStatementFile } from './demo-statements';

// What a demo statement file says, read from the file itself (not through the product): its account,
// how many entries it holds and its closing balance, so a spec can hold the books to the bank's figures.

export interface StatementFigures {
  accountNumber: string;
  entries: number;
  /** The closing balance in cents. */
  closingCents: number;
}

const toCents = (decimal: string) => Math.round(Number(decimal) * 100);

/** The demo formats: OFX (LEDGERBAL), BAI2 (the last 03's 015) and camt.053 (the last CLBD). */
export function readStatementFigures(file: DemoStatementFile): StatementFigures {
  const text = readFileSync(file.path, 'utf8');
  if (file.name.endsWith('.ofx')) {
    return {
      accountNumber: /<ACCTID>([^<]+)</.exec(text)![1]!.trim(),
      entries: text.match(/<STMTTRN>/g)?.length ?? 0,
      closingCents: toCents(/<LEDGERBAL>\s*<BALAMT>([^<]+)</.exec(text)![1]!),
    };
  }
  if (file.name.endsWith('.bai2')) {
    const accounts = [...text.matchAll(/^03,([^,]+),[^,]*,(.*)$/gm)];
    const last = accounts.at(-1)!;
    const fields = last[2]!.split(',');
    const closing = fields[fields.indexOf('015') + 1]!;
    return {
      accountNumber: last[1]!,
      entries: text.match(/^16,/gm)?.length ?? 0,
      closingCents: Number(closing),
    };
  }
  const closing = [...text.matchAll(/<Bal>([\s\S]*?)<\/Bal>/g)]
    .map((m) => m[1]!)
    .filter((b) => /<Cd>CLBD<\/Cd>/.test(b))
    .at(-1)!;
  const amount = /<Amt[^>]*>([^<]+)</.exec(closing)![1]!;
  const isDebit = /<CdtDbtInd>DBIT<\/CdtDbtInd>/.test(closing);
  return {
    accountNumber: (/<Acct>\s*<Id>\s*<(?:IBAN|Othr>\s*<Id)>([^<]+)</.exec(text)?.[1] ?? '').trim(),
    entries: text.match(/<Ntry>/g)?.length ?? 0,
    closingCents: (isDebit ? -1 : 1) * toCents(amount),
  };
}

import type { ByteSource } from '../core/byte-source.js';
import { resolveLimits, type Limits } from '../core/limits.js';
import { fail, ok, type Result } from '../core/result.js';
import { streamXml, type XmlRule } from '../formats/stream-xml.js';
import { createCamt086Rules } from './camt086-rules.js';
import type { TreasuryStatement } from './treasury-statement.js';

export type { TreasuryBalanceRow, TreasuryFeeRow, TreasuryStatement } from './treasury-statement.js';

/**
 * Reads ISO 20022 camt.086 (BankServicesBillingStatement, every version) into treasury rows:
 * service lines with AFP codes, unit price, volume and charge; balances; rates including the
 * earnings credit rate (ingestion.md step 2, treasury statements). Read as a stream of
 * well-formed XML; a line, balance or rate that cannot be read refuses the file. Never throws.
 */
export async function parseCamt086(
  source: ByteSource,
  options: { limits?: Partial<Limits> } = {},
): Promise<Result<TreasuryStatement[]>> {
  const statements: TreasuryStatement[] = [];
  const root: XmlRule = createCamt086Rules((statement) => statements.push(statement));
  try {
    const streamed = await streamXml(source, root, {
      format: 'camt.086',
      limits: resolveLimits(options.limits),
    });
    if (!streamed.ok) return streamed;
  } catch {
    return fail({
      kind: 'malformed',
      format: 'camt.086',
      message: 'The camt.086 file could not be read: the reader met something it did not expect.',
    });
  }
  if (statements.length === 0) {
    return fail({
      kind: 'malformed',
      format: 'camt.086',
      message: 'The camt.086 file holds no billing statement (Document/BkSvcsBllgStmt/BllgStmtGrp/BllgStmt).',
    });
  }
  return ok(statements);
}

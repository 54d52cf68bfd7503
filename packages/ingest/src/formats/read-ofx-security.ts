import { detachText } from './detach-text.js';
import { findFirst, findText, type OfxNode } from './ofx-node.js';
import { readOfxAmount, readOfxDate } from './read-ofx-investment-transactions.js';
import type { InvestmentSecurity } from './statement.js';

/** A direct child's text: an aggregate's own field, not one of its SECINFO's (which has a UNITPRICE too). */
function ownText(node: OfxNode, name: string): string | undefined {
  const text = node.children.find((c) => c.name === name)?.text?.trim();
  return text === undefined || text === '' ? undefined : detachText(text);
}

/**
 * A SECLIST entry (OFX 2.1.1 section 13.8.5: DEBTINFO, MFINFO, OPTINFO, OTHERINFO, STOCKINFO, or
 * a bare SECINFO) with its SECID's UNIQUEID, or undefined when it names no security.
 */
export function readOfxSecurity(node: OfxNode): { id: string; security: InvestmentSecurity } | undefined {
  const info = node.name === 'SECINFO' ? node : findFirst(node, 'SECINFO');
  const id = findText(info, 'UNIQUEID');
  if (!id) return undefined;
  const security: InvestmentSecurity = { kind: node.name };
  const name = findText(info, 'SECNAME');
  if (name) security.name = name;
  const ticker = findText(info, 'TICKER');
  if (ticker) security.ticker = ticker;
  const amount = (tag: string) => readOfxAmount(ownText(node, tag));
  const date = (tag: string) => readOfxDate(ownText(node, tag));
  const fields: [keyof InvestmentSecurity, string | undefined][] = [
    ['parValue', amount('PARVALUE')],
    ['debtType', ownText(node, 'DEBTTYPE')],
    ['debtClass', ownText(node, 'DEBTCLASS')],
    ['couponRate', amount('COUPONRT')],
    ['yield', amount('YIELD') ?? amount('YIELDTOMAT')],
    ['maturityDate', date('DTMAT') ?? date('DTEXPIRE')],
    ['callDate', date('DTCALL')],
    ['typeDescription', ownText(node, 'TYPEDESC')],
  ];
  for (const [key, value] of fields) if (value !== undefined) security[key] = value;
  return { id, security };
}

import { createDetailDraft, type CamtDetailDraft, type CamtEntryDraft } from './read-camt-entry.js';
import type { XmlRule } from './stream-xml.js';

// The assignment is the callback itself: what it returns is ignored (parse-camt.ts says why).
const textRule = (assign: (text: string) => unknown): XmlRule => ({ text: assign });

/**
 * A party's name, written Dbtr/Nm up to camt version 07 and Dbtr/Pty/Nm from 08 (where Dbtr may be
 * an agent instead, whose name is no counterparty's).
 */
const partyRule = (assign: (name: string) => unknown): XmlRule => ({
  children: { Nm: textRule(assign), Pty: { children: { Nm: textRule(assign) } } },
});

/**
 * The rule of an entry's TxDtls: each opens a detail draft in the current entry with its amount,
 * references, the parties' names (RltdPties) and the remittance information (RmtInf Ustrd lines,
 * Strd creditor references and additional remittance lines), as the bank sent them.
 */
export function createCamtDetailRule(currentEntry: () => CamtEntryDraft): XmlRule {
  let detail: CamtDetailDraft = createDetailDraft();
  return {
    open: () => {
      detail = createDetailDraft();
      currentEntry().details.push(detail);
    },
    children: {
      Amt: { open: (a) => void (detail.currency ??= a.get('Ccy')), text: (t) => void (detail.amount ??= t) },
      CdtDbtInd: textRule((t) => (detail.indicator ??= t)),
      AmtDtls: {
        children: {
          TxAmt: {
            children: {
              Amt: {
                open: (a) => void (detail.transactionCurrency ??= a.get('Ccy')),
                text: (t) => void (detail.transactionAmount ??= t),
              },
            },
          },
        },
      },
      Refs: {
        children: {
          EndToEndId: textRule((t) => (detail.endToEndId ??= t)),
          AcctSvcrRef: textRule((t) => (detail.servicerReference ??= t)),
        },
      },
      RltdPties: {
        children: {
          Dbtr: partyRule((t) => (detail.debtor ??= t)),
          UltmtDbtr: partyRule((t) => (detail.ultimateDebtor ??= t)),
          Cdtr: partyRule((t) => (detail.creditor ??= t)),
          UltmtCdtr: partyRule((t) => (detail.ultimateCreditor ??= t)),
        },
      },
      RmtInf: {
        children: {
          Ustrd: textRule((t) => t !== '' && detail.unstructured.push(t)),
          Strd: {
            children: {
              CdtrRefInf: { children: { Ref: textRule((t) => t !== '' && detail.references.push(t)) } },
              AddtlRmtInf: textRule((t) => t !== '' && detail.references.push(t)),
            },
          },
        },
      },
      AddtlTxInf: textRule((t) => (detail.additionalInfo ??= t)),
    },
  };
}

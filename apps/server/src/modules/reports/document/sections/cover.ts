import { facts, tableOfContents } from '../../../../platform/pdf/pdf-blocks';
import type { Content } from '../../../../platform/pdf/pdf-types';
import type { ReportContext } from '../report-context';
import { formatDate, formatPeriod } from '../report-format';
import { CONTENTS_TITLE } from '../report-sections';

// design/reports.md "Cover": client, period, generation date and report id (the document's title and
// the client's name above it), and who sends it (issue 42 point 5): the firm of Global Settings
// "Firm" with its logo above the title, and the analyst who generated the report, with an e-mail to
// answer. Then the table of contents on its own page.

/** The logo's box on the cover, in points: a wide mark fits the width, a square one the height. */
export const LOGO_FIT: [number, number] = [200, 64];

/** What stands above the title: the firm's logo, or nothing without one. */
export function buildCoverLogo(ctx: ReportContext): Content[] {
  const { logo } = ctx.firm;
  if (!logo) return [];
  return [
    {
      image: `data:${logo.contentType};base64,${logo.bytes.toString('base64')}`,
      fit: LOGO_FIT,
      margin: [0, 0, 0, 12],
    },
  ];
}

export function buildCover(ctx: ReportContext): Content[] {
  const { firmName } = ctx.firm;
  const preparer = ctx.preparer;
  return [
    facts([
      ['Client', ctx.clientName],
      ['Period', formatPeriod(ctx.startDate, ctx.endDate)],
      ['Generated on', formatDate(ctx.generatedAt.toISOString())],
      ['Report ID', String(ctx.reportId)],
      ...(firmName ? [['Prepared by', firmName] as const] : []),
      ...(preparer ? [['Analyst', preparer.name] as const, ['Analyst e-mail', preparer.email] as const] : []),
    ]),
    { stack: [tableOfContents(CONTENTS_TITLE)], pageBreak: 'before' },
  ];
}

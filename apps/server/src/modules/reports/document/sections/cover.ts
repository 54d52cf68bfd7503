import { facts, tableOfContents } from '../../../../platform/pdf/pdf-blocks';
import type { Content } from '../../../../platform/pdf/pdf-types';
import type { ReportContext } from '../report-context';
import { formatDate, formatPeriod } from '../report-format';
import { CONTENTS_TITLE, FIRM_NAME } from '../report-sections';

// design/reports.md "Cover": client, period, generation date and report id (the document's title and
// the client's name above it), then the table of contents on its own page.

export function buildCover(ctx: ReportContext): Content[] {
  return [
    facts([
      ['Client', ctx.clientName],
      ['Period', formatPeriod(ctx.startDate, ctx.endDate)],
      ['Generated on', formatDate(ctx.generatedAt.toISOString())],
      ['Report ID', String(ctx.reportId)],
      ['Prepared by', FIRM_NAME],
    ]),
    { stack: [tableOfContents(CONTENTS_TITLE)], pageBreak: 'before' },
  ];
}

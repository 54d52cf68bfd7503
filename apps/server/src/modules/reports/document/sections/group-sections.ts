import { bookmarkedHeading, contentsHeading } from '../../../../platform/pdf/pdf-blocks';
import type { Content } from '../../../../platform/pdf/pdf-types';
import { missingLine } from '../report-format';
import { notClientGroup, resolveGroups, type ReportContext, type ReportGroup } from '../report-context';
import { FLOWING_SECTIONS, REPORT_SECTIONS, type ReportSectionKey } from '../report-sections';

// Most sections repeat one block per account group the parameter lists: the section's heading once,
// then each group under its own bookmarked sub-heading, in the order the parameter gave them.

export function sectionHeading(key: ReportSectionKey): Content {
  return contentsHeading(REPORT_SECTIONS[key], `section-${key}`, { isNewPage: !FLOWING_SECTIONS.has(key) });
}

export async function buildGroupBlocks(
  ctx: ReportContext,
  key: ReportSectionKey,
  groupIds: readonly number[],
  buildGroup: (group: ReportGroup) => Promise<Content[]>,
): Promise<Content[]> {
  const parts = await Promise.all(
    resolveGroups(ctx, groupIds).map(async (entry): Promise<Content[]> => {
      if ('missingId' in entry) return [missingLine(notClientGroup(entry.missingId))];
      return [bookmarkedHeading(entry.group.groupName, `section-${key}`), ...(await buildGroup(entry.group))];
    }),
  );
  return [sectionHeading(key), ...parts.flat()];
}

import { bookmarkedHeading, chart, paragraph } from '../../../../platform/pdf/pdf-blocks';
import type { Content } from '../../../../platform/pdf/pdf-types';
import { renderChartSvg } from '../../../../platform/pdf/render-chart-svg';
import { accountTreeChart, treeChartHeight, type TreeNode } from '../report-charts';
import type { ReportContext, ReportSection } from '../report-context';
import { selectClientAccounts, selectClientLinks } from '../report-books.queries';
import { formatDate, missingLine } from '../report-format';
import { sectionHeading } from './group-sections';

// design/reports.md "Account structure" (zbaAccountStructure): the client's account links drawn as a
// tree, each master with the sub-accounts linked to it (spec 3 "Account link": one link per account),
// then the accounts outside any structure.

export const NO_LINKS = 'This client has no account links, so there is no account structure to draw.';

interface Branch {
  accountId: number;
  label: string;
  linkedDate: string | null;
  children: Branch[];
}

/** Masters (accounts others link to that link to none) with their linked accounts, depth first. */
export function buildBranches(
  accounts: readonly { accountId: number; label: string }[],
  links: readonly { accountId: number; linkedToAccountId: number; linkedDate: string }[],
): { roots: Branch[]; outside: { accountId: number; label: string }[] } {
  const labelOf = new Map(accounts.map((a) => [a.accountId, a.label]));
  const parentOf = new Map(links.map((l) => [l.accountId, l]));
  const childrenOf = new Map<number, number[]>();
  for (const link of links)
    childrenOf.set(link.linkedToAccountId, [
      ...(childrenOf.get(link.linkedToAccountId) ?? []),
      link.accountId,
    ]);
  const seen = new Set<number>();
  const grow = (accountId: number): Branch => {
    seen.add(accountId);
    return {
      accountId,
      label: labelOf.get(accountId) ?? `Account ${accountId}`,
      linkedDate: parentOf.get(accountId)?.linkedDate ?? null,
      children: (childrenOf.get(accountId) ?? []).filter((id) => !seen.has(id)).map(grow),
    };
  };
  const roots = [...childrenOf.keys()].filter((id) => !parentOf.has(id)).map(grow);
  // Links that only form a loop have no master: start each loop at its first account.
  for (const link of links) if (!seen.has(link.accountId)) roots.push(grow(link.accountId));
  const outside = accounts.filter((a) => !seen.has(a.accountId));
  return { roots, outside };
}

function toTree(branch: Branch): TreeNode {
  return { name: branch.label, children: branch.children.map(toTree) };
}

function countLeaves(branch: Branch): number {
  return branch.children.length === 0 ? 1 : branch.children.reduce((sum, c) => sum + countLeaves(c), 0);
}

function listBranch(branch: Branch, depth: number): Content[] {
  const linked = branch.linkedDate
    ? ` (linked ${formatDate(branch.linkedDate)})`
    : depth === 0
      ? ' (master)'
      : '';
  return [
    { text: `${depth === 0 ? '' : '- '}${branch.label}${linked}`, margin: [depth * 16, 1, 0, 1] },
    ...branch.children.flatMap((c) => listBranch(c, depth + 1)),
  ];
}

export async function buildAccountStructure(ctx: ReportContext): Promise<ReportSection> {
  const heading = sectionHeading('accountStructure');
  const [accounts, links] = await Promise.all([
    selectClientAccounts(ctx.db, ctx.clientId),
    selectClientLinks(ctx.db, ctx.clientId),
  ]);
  if (links.length === 0) return { content: [heading, missingLine(NO_LINKS)] };
  const labelled = accounts.map((a) => ({
    accountId: a.accountId,
    label: `${a.accountName} ...${a.accountNumber.slice(-4)}`,
  }));
  const { roots, outside } = buildBranches(labelled, links);
  const leaves = roots.reduce((sum, r) => sum + countLeaves(r), 0);
  const height = treeChartHeight(leaves);
  return {
    content: [
      heading,
      ...(height <= 640
        ? [
            chart(
              'Account links',
              renderChartSvg(accountTreeChart(ctx.clientName, roots.map(toTree)), { width: 720, height }),
            ),
          ]
        : []),
      ...roots.flatMap((r) => listBranch(r, 0)),
      bookmarkedHeading('Accounts Outside Any Structure', 'section-accountStructure'),
      outside.length === 0
        ? paragraph('None: every account is part of a structure.')
        : { stack: outside.map((a) => a.label) },
    ],
  };
}

import { describe, expect, it, vi } from 'vitest';
import type { PagedList, PagedListRequest } from '@tideline/contracts/paging/paging.schemas';
import { collectExportRows } from './collect-export-rows';

function serverOf(total: number) {
  const rows = Array.from({ length: total }, (_, i) => i);
  return vi.fn(async (request: PagedListRequest): Promise<PagedList<number>> => {
    const size = request.pageSize ?? 50;
    const start = (request.pageIndex ?? 0) * size;
    return {
      results: rows.slice(start, start + size),
      pageCount: Math.ceil(total / size),
      resultCount: total,
      totalCount: total + 7,
    };
  });
}

const query = {
  filters: [{ id: 'name', value: 'Ac' }],
  searchTerm: 'x',
  sortOrder: [{ id: 'name', desc: true }],
};

describe('collectExportRows', () => {
  it('fetches every filtered row 500 at a time with the table query, reporting progress', async () => {
    const fetchPage = serverOf(1234);
    const progress = vi.fn();
    const { rows, isTruncated } = await collectExportRows(fetchPage, query, progress);
    expect(rows).toHaveLength(1234);
    expect(rows[1233]).toBe(1233);
    expect(isTruncated).toBe(false);
    expect(fetchPage.mock.calls.map(([r]) => [r.pageIndex, r.pageSize])).toEqual([
      [0, 500],
      [1, 500],
      [2, 500],
    ]);
    expect(fetchPage.mock.calls[0]![0]).toMatchObject(query);
    expect(progress.mock.calls.map(([p]) => p)).toEqual([
      { loaded: 500, total: 1234 },
      { loaded: 1000, total: 1234 },
      { loaded: 1234, total: 1234 },
    ]);
  });

  it('stops at the cap and says the file is cut short', async () => {
    const fetchPage = serverOf(2600);
    const { rows, isTruncated } = await collectExportRows(fetchPage, query, () => undefined, undefined, 1200);
    expect(rows).toHaveLength(1200);
    expect(isTruncated).toBe(true);
    expect(fetchPage).toHaveBeenCalledTimes(3);
  });

  it('stops asking once cancelled', async () => {
    const fetchPage = serverOf(5000);
    const controller = new AbortController();
    const run = collectExportRows(fetchPage, query, () => controller.abort(), controller.signal);
    await expect(run).rejects.toThrow();
    expect(fetchPage).toHaveBeenCalledTimes(1);
  });
});

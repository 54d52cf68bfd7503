import {
  MAX_PAGE_SIZE,
  type PagedList,
  type PagedListRequest,
} from '@tideline/contracts/paging/paging.schemas';
import type { ListRequest } from '../use-table-data';

/** At most this many rows go into one file: beyond it a spreadsheet is no longer the right tool. */
export const EXPORT_ROW_CAP = 50_000;

export interface ExportProgress {
  loaded: number;
  /** The rows that will be written: the matching rows, at most EXPORT_ROW_CAP. */
  total: number;
}

export interface CollectedRows<T> {
  rows: T[];
  /** True when more rows matched than EXPORT_ROW_CAP. */
  isTruncated: boolean;
}

/**
 * Every row matching the table's search, filters and sort, fetched page by page (500 at a time, the
 * largest page the API serves) so that an export holds all filtered rows, not just the page on screen.
 */
export async function collectExportRows<T>(
  fetchPage: (request: PagedListRequest) => Promise<PagedList<T>>,
  request: Omit<ListRequest, 'pageIndex' | 'pageSize'>,
  onProgress: (progress: ExportProgress) => void,
  signal?: AbortSignal,
  cap = EXPORT_ROW_CAP,
): Promise<CollectedRows<T>> {
  const rows: T[] = [];
  let matching = Infinity;
  for (let pageIndex = 0; rows.length < Math.min(matching, cap); pageIndex += 1) {
    signal?.throwIfAborted();
    const page = await fetchPage({ ...request, pageIndex, pageSize: MAX_PAGE_SIZE });
    matching = page.resultCount;
    rows.push(...page.results);
    onProgress({ loaded: Math.min(rows.length, cap), total: Math.min(matching, cap) });
    if (page.results.length < MAX_PAGE_SIZE || pageIndex + 1 >= page.pageCount) break;
  }
  return { rows: rows.slice(0, cap), isTruncated: matching > cap || rows.length > cap };
}

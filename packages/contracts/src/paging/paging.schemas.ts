import { z } from 'zod';

// architecture.md "Contracts": one request shape for every server-paged list, one answer shape.

/** platform.md 9: default table page sizes; the first is the initial one. */
export const PAGE_SIZES = [10, 25, 50, 75, 100] as const;
/** platform.md 9: transaction-style server tables. */
export const SERVER_PAGE_SIZES = [50, 100, 200, 300, 500] as const;
export const MAX_PAGE_SIZE = 500;

/** Low/high of a numeric range filter as typed: numbers, numeric strings or blanks (platform.md 2.9). */
export const RangeFilterValueSchema = z.object({
  low: z.union([z.number(), z.string().max(40)]).nullish(),
  high: z.union([z.number(), z.string().max(40)]).nullish(),
});
export type RangeFilterValue = z.infer<typeof RangeFilterValueSchema>;

const IsoDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Dates are sent as YYYY-MM-DD.');

/** An inclusive date range, each end optional; dates are compared at midnight (platform.md 2.9). */
export const DateRangeFilterValueSchema = z.object({
  from: IsoDateSchema.nullish(),
  to: IsoDateSchema.nullish(),
});
export type DateRangeFilterValue = z.infer<typeof DateRangeFilterValueSchema>;

// The two ranges are strict here: a loose object would take `{ from, to }` as an empty `{ low, high }`.
export const FilterValueSchema = z.union([
  z.string().max(200),
  z.number(),
  z.boolean(),
  z.array(z.union([z.string().max(200), z.number()])).max(1000),
  RangeFilterValueSchema.strict(),
  DateRangeFilterValueSchema.strict(),
]);
export type FilterValue = z.infer<typeof FilterValueSchema>;

export const ListFilterSchema = z.object({ id: z.string().min(1).max(64), value: FilterValueSchema });
export type ListFilter = z.infer<typeof ListFilterSchema>;

export const SortOrderSchema = z.object({ id: z.string().min(1).max(64), desc: z.boolean() });
export type SortOrder = z.infer<typeof SortOrderSchema>;

// Zones found valid: building an Intl.DateTimeFormat for every paged request cost the server 1.3% of
// its CPU under load (bench/load.bench.ts). Only valid names are kept, so the set stays small.
const knownTimeZones = new Set<string>();

function isTimeZone(name: string): boolean {
  if (knownTimeZones.has(name)) return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    knownTimeZones.add(name);
    return true;
  } catch {
    return false;
  }
}

/** platform.md 2.8: page size, page index, filters array, search term and sort order. */
export const PagedListRequestSchema = z.object({
  pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE).default(50),
  pageIndex: z.number().int().min(0).default(0),
  filters: z.array(ListFilterSchema).max(50).default([]),
  searchTerm: z.string().max(200).default(''),
  sortOrder: z.array(SortOrderSchema).max(5).default([]),
  // Ours: the viewer's IANA time zone, so a date filter on a timestamp column means the viewer's
  // calendar days (platform.md 9: server dates are UTC, shown in local time). Absent = UTC.
  timeZone: z.string().max(64).refine(isTimeZone, 'Unknown time zone.').optional(),
});
export type PagedListRequest = z.input<typeof PagedListRequestSchema>;
export type PagedListQuery = z.output<typeof PagedListRequestSchema>;

/**
 * platform.md 3 "Paged list response": results, pageCount, resultCount (rows matching the filters).
 * totalCount (all rows before filters and search) is ours: it feeds the 'filtered of total rows' summary.
 */
export function pagedListSchema<T extends z.ZodType>(item: T) {
  return z.object({
    results: z.array(item),
    pageCount: z.number().int(),
    resultCount: z.number().int(),
    totalCount: z.number().int(),
    // Ours: a search over a very large list counts its matches only up to a limit; true says more
    // than resultCount rows match (the pages stop there).
    resultCountBounded: z.boolean().optional(),
  });
}
export interface PagedList<T> {
  results: T[];
  pageCount: number;
  resultCount: number;
  totalCount: number;
  resultCountBounded?: boolean;
}

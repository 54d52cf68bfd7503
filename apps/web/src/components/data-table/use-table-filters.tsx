import { lazy, Suspense, useState } from 'react';
import type { FilterDefinition, FilterValues, QuickFilter } from './data-table.types';
import type { FilterDialog as EagerFilterDialog } from './filter-dialog';
import { isSameFilters, isSameFilterValue } from './filter-draft';
import { FilterSummary } from './filter-summary';
import type { TableData } from './use-table-data';
import type { TableState } from './use-table-state';

// The filter dialog (with its fields) is loaded when a user first opens it, not with every table.
// lazy() drops its type parameter, so it keeps the eager component's type: the props are the same.
const FilterDialog = lazy(() =>
  import('./filter-dialog').then((m) => ({ default: m.FilterDialog })),
) as unknown as typeof EagerFilterDialog;

interface TableFiltersInput<T> {
  definitions: readonly FilterDefinition<T>[];
  state: TableState<T>;
  data: Pick<
    TableData<T>,
    'filteredCount' | 'isFilteredCountBounded' | 'totalCount' | 'isLoading' | 'reload' | 'expire'
  >;
  filterDefaults?: FilterValues;
}

/**
 * A table's filters (platform.md 2.8 and 2.9): the Filter Summary and the Set Filters dialog under the
 * toolbar (`panel`), and the quick filters beside the search box.
 */
export function useTableFilters<T>({ definitions, state, data, filterDefaults }: TableFiltersInput<T>) {
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  // Loaded when first opened, then kept mounted so that it closes with its transition.
  const [hasOpened, setHasOpened] = useState(false);

  // CLEAR FILTERS empties the filters; RESTORE DEFAULTS applies the table's defaults.
  const resetFilters = () => {
    setIsDialogOpen(false);
    const target = filterDefaults ?? {};
    // platform.md 2.8: clearing reloads. With the target already applied the request stays the same, so
    // ask again; otherwise its pages may be cached, so mark them stale before going back to them.
    if (isSameFilters(state.filters, target)) {
      data.reload();
    } else {
      data.expire();
      state.setFilters(target);
    }
  };

  // A quick filter is on while each of its values is applied; turned off, its filters are removed.
  const isQuickFilterOn = (quick: QuickFilter) =>
    Object.entries(quick.filters).every(([id, value]) => isSameFilterValue(state.filters[id], value));
  const toggleQuickFilter = (quick: QuickFilter) => {
    if (!isQuickFilterOn(quick)) return state.setFilters({ ...state.filters, ...quick.filters });
    const rest = { ...state.filters };
    for (const id of Object.keys(quick.filters)) delete rest[id];
    state.setFilters(rest);
  };

  const panel = definitions.length > 0 && (
    <>
      <FilterSummary
        definitions={definitions}
        applied={state.filters}
        filteredCount={data.filteredCount}
        isFilteredCountBounded={data.isFilteredCountBounded}
        totalCount={data.totalCount}
        isLoading={data.isLoading}
        defaults={filterDefaults}
        onRemove={(id) => {
          const { [id]: _removed, ...rest } = state.filters;
          const fallback = filterDefaults?.[id];
          state.setFilters(fallback === undefined ? rest : { ...rest, [id]: fallback });
        }}
      />
      {hasOpened && (
        <Suspense fallback={null}>
          <FilterDialog
            open={isDialogOpen}
            definitions={definitions}
            applied={state.filters}
            variant={filterDefaults ? 'defaults' : 'standard'}
            onApply={(values) => {
              state.setFilters(values);
              setIsDialogOpen(false);
            }}
            onReset={resetFilters}
            onClose={() => setIsDialogOpen(false)}
          />
        </Suspense>
      )}
    </>
  );

  const openFilters = () => {
    setHasOpened(true);
    setIsDialogOpen(true);
  };
  return { panel, openFilters, isQuickFilterOn, toggleQuickFilter };
}

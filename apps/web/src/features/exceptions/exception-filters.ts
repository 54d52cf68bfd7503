import {
  EXCEPTION_KIND_LABELS,
  EXCEPTION_KINDS,
  EXCEPTION_SEVERITIES,
  EXCEPTION_STATUSES,
  type ExceptionItem,
} from '@tideline/contracts/exceptions/exceptions.schemas';
import type {
  FilterDefinition,
  FilterOption,
  FilterValues,
} from '../../components/data-table/data-table.types';

/** Issue 43 point 3: the queue opens on what is still to do, Open and Snoozed. */
export const DEFAULT_EXCEPTION_FILTERS: FilterValues = { status: ['Open', 'Snoozed'] };

/** The view a link opens (a badge's `?clientId=12`): the defaults, narrowed to that client. */
export function exceptionFiltersFor(clientId: number | null): FilterValues {
  return clientId === null
    ? DEFAULT_EXCEPTION_FILTERS
    : { ...DEFAULT_EXCEPTION_FILTERS, clientId: [clientId] };
}

const optionsOf = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));

/** The filter ids are the server's (exceptions.queries.ts): severityName filters, severity sorts. */
export function buildExceptionFilters(
  clients: readonly FilterOption[],
  owners: readonly FilterOption[],
): readonly FilterDefinition<ExceptionItem>[] {
  return [
    { id: 'clientId', label: 'Client', kind: 'multiSelect', options: clients },
    {
      id: 'kind',
      label: 'Kind',
      kind: 'multiSelect',
      options: EXCEPTION_KINDS.map((k) => ({ value: k, label: EXCEPTION_KIND_LABELS[k] })),
    },
    { id: 'severityName', label: 'Severity', kind: 'multiSelect', options: optionsOf(EXCEPTION_SEVERITIES) },
    { id: 'assigneeId', label: 'Owner', kind: 'multiSelect', options: owners },
    { id: 'ageDays', label: 'Age (days)', kind: 'number' },
    { id: 'status', label: 'Status', kind: 'multiSelect', options: optionsOf(EXCEPTION_STATUSES) },
    { id: 'dueDate', label: 'Due', kind: 'dateRange' },
  ];
}

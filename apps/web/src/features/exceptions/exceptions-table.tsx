import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ExceptionItem } from '@tideline/contracts/exceptions/exceptions.schemas';
import { SERVER_PAGE_SIZES } from '@tideline/contracts/paging/paging.schemas';
import { DataTable } from '../../components/data-table/data-table';
import type { FilterOption, RowAction } from '../../components/data-table/data-table.types';
import { failureMessage } from '../../lib/api-messages';
import { enqueueSnackbar } from '../../lib/toast-host';
import { useSessionStore } from '../../lib/session-store';
import { useCan } from '../../lib/use-can';
import { AssignExceptionDialog } from './assign-exception-dialog';
import { CheckNowButton } from './check-now-button';
import { DueDateDialog } from './due-date-dialog';
import { EXCEPTION_COLUMNS } from './exception-columns';
import { buildExceptionFilters, DEFAULT_EXCEPTION_FILTERS, exceptionFiltersFor } from './exception-filters';
import { ExceptionHistoryDialog } from './exception-history-dialog';
import { EXCEPTION_TEXTS } from './exception-texts';
import { fetchExceptionPage } from './exceptions.api';
import { useReopenException } from './exceptions.mutations';
import { exceptionQueries } from './exceptions.queries';
import { ResolveExceptionDialog } from './resolve-exception-dialog';
import { SnoozeExceptionDialog } from './snooze-exception-dialog';

type Dialog = 'assign' | 'dueDate' | 'snooze' | 'resolve' | 'history';

const DIALOGS = {
  assign: AssignExceptionDialog,
  dueDate: DueDateDialog,
  snooze: SnoozeExceptionDialog,
  resolve: ResolveExceptionDialog,
  history: ExceptionHistoryDialog,
} as const;

const isResolved = (e: ExceptionItem) => e.status === 'Resolved';

/** The filter choices: clients the user sees, and owners (the user first, as 'Me'). */
function useFilterOptions() {
  const userId = useSessionStore((s) => s.user?.userId);
  // The shared pick lists; without their permissions the filter offers what it can.
  const clients = useQuery({ ...exceptionQueries.clientOptions(), enabled: useCan('VIEW_CLIENTS') });
  const users = useQuery({
    ...exceptionQueries.userOptions(),
    enabled: useCan('VIEW_USERS', 'VIEW_NOTES', 'ADD_NOTES'),
  });
  return useMemo(() => {
    const clientOptions: FilterOption[] = (clients.data ?? []).map((c) => ({
      value: c.clientId,
      label: c.clientName,
    }));
    const owners: FilterOption[] = userId === undefined ? [] : [{ value: userId, label: 'Me' }];
    for (const u of users.data ?? [])
      if (u.userId !== userId) owners.push({ value: u.userId, label: `${u.firstName} ${u.lastName}`.trim() });
    return buildExceptionFilters(clientOptions, owners);
  }, [clients.data, users.data, userId]);
}

/**
 * The exception queue (issue 43 point 3): paged on the server, opening on Open and Snoozed (and on one
 * client when reached from its badge). Acting on a row needs EDIT_EXCEPTIONS; its history, only the view.
 */
export function ExceptionsTable({ clientId }: { clientId: number | null }) {
  const filters = useFilterOptions();
  const reopen = useReopenException();
  const [open, setOpen] = useState<{ dialog: Dialog; exception: ExceptionItem } | null>(null);
  const show = (dialog: Dialog) => (exception: ExceptionItem) => setOpen({ dialog, exception });
  const rowActions: readonly RowAction<ExceptionItem>[] = [
    { label: 'Assign', permissions: ['EDIT_EXCEPTIONS'], hidden: isResolved, onClick: show('assign') },
    { label: 'Due date', permissions: ['EDIT_EXCEPTIONS'], hidden: isResolved, onClick: show('dueDate') },
    { label: 'Snooze', permissions: ['EDIT_EXCEPTIONS'], hidden: isResolved, onClick: show('snooze') },
    { label: 'Resolve', permissions: ['EDIT_EXCEPTIONS'], hidden: isResolved, onClick: show('resolve') },
    {
      label: 'Reopen',
      permissions: ['EDIT_EXCEPTIONS'],
      hidden: (e) => !isResolved(e),
      onClick: (e) =>
        reopen.mutate(
          { exceptionId: e.exceptionId, body: undefined },
          {
            onSuccess: () => enqueueSnackbar(EXCEPTION_TEXTS.reopen.success, { variant: 'success' }),
            onError: (error) =>
              enqueueSnackbar(failureMessage(error, EXCEPTION_TEXTS.reopen.failure), { variant: 'error' }),
          },
        ),
    },
    { label: 'History', permissions: ['VIEW_EXCEPTIONS'], onClick: show('history') },
  ];
  const OpenDialog = open ? DIALOGS[open.dialog] : null;
  return (
    <>
      <DataTable
        title="Exceptions"
        columns={EXCEPTION_COLUMNS}
        filters={filters}
        filterDefaults={DEFAULT_EXCEPTION_FILTERS}
        initialFilters={exceptionFiltersFor(clientId)}
        pageSizes={SERVER_PAGE_SIZES}
        getRowId={(e) => e.exceptionId}
        getRowLabel={(e) => `${e.clientName}: ${e.summary}`}
        mode={{ kind: 'server', queryKey: exceptionQueries.lists(), fetchPage: fetchExceptionPage }}
        rowActions={rowActions}
        toolbarActions={<CheckNowButton />}
        emptyText={EXCEPTION_TEXTS.empty}
        isCompact
      />
      {open && OpenDialog && <OpenDialog exception={open.exception} onClose={() => setOpen(null)} />}
    </>
  );
}

import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { NOTE_MSG, type Note } from '@tideline/contracts/notes/notes.schemas';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DataTable } from '../../components/data-table/data-table';
import type {
  BulkAction,
  DataTableColumn,
  FilterDefinition,
  FilterValues,
  RowAction,
} from '../../components/data-table/data-table.types';
import { formatDate, truncateText } from '../../lib/format';
import { toastOutcome } from '../../lib/mutation-toasts';
import { useSessionStore } from '../../lib/session-store';
import { useCan } from '../../lib/use-can';
import { isOwnNote } from './note-rules';
import type { NoteLink } from './note-form-dialog';
import { NoteViewDialog } from './note-view-dialog';
import type { NotesScope } from './notes.api';
import { useChangeNotes } from './notes.mutations';
import { noteQueries } from './notes.queries';

// The note form (react-hook-form, its pickers) is loaded when a user adds or edits a note, not with the
// dashboard and every profile that list notes.
const NoteFormDialog = lazy(() => import('./note-form-dialog').then((m) => ({ default: m.NoteFormDialog })));

// platform.md 9: the preview is cut at 128 characters then '...'; 2.10: the first 2 chips show.
const PREVIEW_LENGTH = 128;
const CHIPS_SHOWN = 2;

function FirstChips({ values }: { values: readonly string[] }) {
  if (values.length === 0) return '---';
  return (
    <Stack direction="row" spacing={0.5} useFlexGap flexWrap="wrap">
      {values.slice(0, CHIPS_SHOWN).map((v) => (
        <Chip key={v} label={v} size="small" />
      ))}
    </Stack>
  );
}

const COLUMNS: readonly DataTableColumn<Note>[] = [
  { id: 'author', header: 'Author' },
  {
    id: 'preview',
    header: 'Preview',
    sortable: false,
    accessor: (n) => `${n.noteTitle} ${n.noteDescription}`,
    cell: (n) => (
      <Box>
        <Typography variant="subtitle2" component="div">
          {n.noteTitle}
        </Typography>
        <Typography variant="body2">{truncateText(n.noteDescription, PREVIEW_LENGTH)}</Typography>
      </Box>
    ),
    exportValue: (n) => `${n.noteTitle}: ${n.noteDescription}`,
  },
  {
    id: 'createdAt',
    header: 'Date',
    accessor: (n) => new Date(n.createdAt),
    cell: (n) => formatDate(n.createdAt),
    exportValue: (n) => formatDate(n.createdAt),
  },
  {
    id: 'categories',
    header: 'Categories',
    sortable: false,
    accessor: (n) => n.noteCategoryNames.join(', '),
    cell: (n) => <FirstChips values={n.noteCategoryNames} />,
  },
  {
    id: 'userTags',
    header: 'User Tags',
    sortable: false,
    accessor: (n) => n.taggedUsers.join(', '),
    cell: (n) => <FirstChips values={n.taggedUsers} />,
  },
];

// platform.md 2.9 "Notes filter variant": Show All Notes defaults to Yes; No keeps the notes the user
// wrote or is tagged on (4.4).
const SHOW_ALL = 'showAll';
const FILTER_DEFAULTS: FilterValues = { [SHOW_ALL]: 'yes' };

function filtersFor(userId: number | undefined): readonly FilterDefinition<Note>[] {
  return [
    {
      id: SHOW_ALL,
      label: 'Show All Notes',
      kind: 'radio',
      options: [
        { value: 'yes', label: 'Yes' },
        { value: 'no', label: 'No' },
      ],
      matches: (n, value) => value !== 'no' || isOwnNote(n, userId),
    },
    { id: 'author', label: 'Author', kind: 'text' },
    { id: 'createdAt', label: 'Date', kind: 'dateRange' },
  ];
}

type Change = 'resolve' | 'restore' | 'delete';

// platform.md 8: the confirmation texts and the failure fallbacks of the bulk changes.
const CHANGES: Record<Change, { title: string; label: string; message?: string; failure: string }> = {
  resolve: {
    title: 'Resolve Notes',
    label: 'Resolve',
    message: 'This action can only be undone by an administrator.',
    failure: NOTE_MSG.resolveFailed,
  },
  restore: { title: 'Restore Notes', label: 'Restore', failure: NOTE_MSG.restoreFailed },
  delete: {
    title: 'Delete Notes',
    label: 'Delete',
    message: 'This action cannot be undone.',
    failure: NOTE_MSG.deleteFailed,
  },
};
const SUCCESS: Record<Change, string> = {
  resolve: NOTE_MSG.resolved,
  restore: NOTE_MSG.restored,
  delete: NOTE_MSG.deleted,
};

function linkOf(scope: NotesScope): NoteLink | undefined {
  if (scope.kind === 'client') return { tableLinkedTo: 'clients', linkedId: scope.clientId };
  if (scope.kind === 'account') return { tableLinkedTo: 'accounts', linkedId: scope.accountId };
  if (scope.kind === 'batch') return { tableLinkedTo: 'batches', linkedId: scope.batchId };
  return undefined;
}

type Confirming = { change: Change; notes: Note[]; clearSelection?: () => void } | null;

/**
 * The Notes table (platform.md 2.10, 4.4): Author, Preview, Date, Categories, User Tags and Actions
 * (View, Edit), Add Note linked to the record it is opened from, and bulk Resolve Notes; the resolved
 * list (`scope.kind === 'resolved'`) offers Restore Notes and Delete Notes instead and is read-only.
 * Its filter dialog is 2.9's notes variant (RESTORE DEFAULTS, CANCEL, APPLY FILTERS; Show All Notes Yes).
 */
export function NotesTable({ scope }: { scope: NotesScope }) {
  const notes = useQuery(noteQueries.list(scope));
  const userId = useSessionStore((s) => s.user?.userId);
  const filters = useMemo(() => filtersFor(userId), [userId]);
  const canAdd = useCan('ADD_NOTES');
  const canEdit = useCan('EDIT_NOTES');
  const canDelete = useCan('DELETE_NOTES');
  const hasResolve = useCan('RESOLVE_NOTES');
  const hasRestore = useCan('RESTORE_NOTES');
  const isResolvedList = scope.kind === 'resolved';
  const [form, setForm] = useState<{ note?: Note } | null>(null);
  const [viewing, setViewing] = useState<Note | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const resolve = useChangeNotes('resolve');
  const restore = useChangeNotes('restore');
  const remove = useChangeNotes('delete');
  const mutations = { resolve, restore, delete: remove };
  const closeForm = useCallback(() => setForm(null), []);

  // 4.4: the author or a tagged user may resolve or restore without the permission.
  const canResolve = (n: Note) => !n.isResolved && (hasResolve || isOwnNote(n, userId));
  const canRestore = (n: Note) => n.isResolved && (hasRestore || isOwnNote(n, userId));
  const rows = notes.data ?? [];

  const rowActions: RowAction<Note>[] = [{ label: 'View', permissions: [], onClick: setViewing }];
  if (!isResolvedList) {
    rowActions.push({ label: 'Edit', permissions: ['EDIT_NOTES'], onClick: (note) => setForm({ note }) });
  }
  const bulk = (change: Change): BulkAction<Note> => ({
    label: CHANGES[change].title,
    permissions: [],
    color: change === 'delete' ? 'error' : 'primary',
    onClick: (selected, { clearSelection }) => setConfirming({ change, notes: selected, clearSelection }),
  });
  const bulkActions: BulkAction<Note>[] = [];
  if (!isResolvedList && rows.some(canResolve)) bulkActions.push(bulk('resolve'));
  if (isResolvedList && rows.some(canRestore)) bulkActions.push(bulk('restore'));
  if (isResolvedList && canDelete) bulkActions.push(bulk('delete'));

  const confirm = ({ change, notes: chosen, clearSelection }: NonNullable<Confirming>) =>
    mutations[change].mutate(
      chosen.map((n) => n.noteId),
      toastOutcome({ success: SUCCESS[change], failure: CHANGES[change].failure }, () => {
        clearSelection?.();
        setConfirming(null);
        setViewing(null);
      }),
    );
  const ask = (change: Change, note: Note) => () => setConfirming({ change, notes: [note] });

  return (
    <>
      <DataTable
        title={isResolvedList ? 'Resolved Notes' : 'Notes'}
        columns={COLUMNS}
        filters={filters}
        filterDefaults={FILTER_DEFAULTS}
        getRowId={(n) => n.noteId}
        getRowLabel={(n) => n.noteTitle}
        mode={{ kind: 'client', rows: notes.data, isLoading: notes.isLoading }}
        rowActions={rowActions}
        bulkActions={bulkActions}
        toolbarActions={
          canAdd &&
          !isResolvedList && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setForm({})}>
              Add Note
            </Button>
          )
        }
      />
      {form && (
        <Suspense fallback={null}>
          <NoteFormDialog note={form.note} link={linkOf(scope)} onClose={closeForm} />
        </Suspense>
      )}
      {viewing && (
        <NoteViewDialog
          note={viewing}
          onClose={() => setViewing(null)}
          actions={{
            onEdit:
              canEdit && !viewing.isResolved
                ? () => {
                    setForm({ note: viewing });
                    setViewing(null);
                  }
                : undefined,
            onResolve: canResolve(viewing) ? ask('resolve', viewing) : undefined,
            onRestore: canRestore(viewing) ? ask('restore', viewing) : undefined,
            // 4.4: deleting is only offered from the resolved list.
            onDelete: isResolvedList && canDelete ? ask('delete', viewing) : undefined,
          }}
        />
      )}
      {confirming && (
        <ConfirmDialog
          open
          title={CHANGES[confirming.change].title}
          message={CHANGES[confirming.change].message}
          confirmLabel={CHANGES[confirming.change].label}
          isDestructive={confirming.change === 'delete'}
          isPending={mutations[confirming.change].isPending}
          onConfirm={() => confirm(confirming)}
          onCancel={() => setConfirming(null)}
        />
      )}
    </>
  );
}

import { queryOptions } from '@tanstack/react-query';
import {
  fetchCategoryOptions,
  fetchComments,
  fetchNotes,
  fetchUserOptions,
  type NotesScope,
} from './notes.api';

// One key factory per area (style.md "Web"); every notes list sits under ['notes', 'list'].
export const noteQueries = {
  lists: () => ['notes', 'list'] as const,
  list: (scope: NotesScope) =>
    queryOptions({ queryKey: [...noteQueries.lists(), scope] as const, queryFn: () => fetchNotes(scope) }),
  comments: (noteId: number) =>
    queryOptions({ queryKey: ['notes', 'comments', noteId] as const, queryFn: () => fetchComments(noteId) }),
  categoryOptions: () =>
    queryOptions({ queryKey: ['notes', 'category-options'] as const, queryFn: fetchCategoryOptions }),
  userOptions: () =>
    queryOptions({ queryKey: ['notes', 'user-options'] as const, queryFn: fetchUserOptions }),
};

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AssignExceptionBody,
  ExceptionDueDateBody,
  ResolveExceptionBody,
  SnoozeExceptionBody,
} from '@tideline/contracts/exceptions/exceptions.schemas';
import {
  assignException,
  reopenException,
  resolveException,
  setExceptionDueDate,
  snoozeException,
} from './exceptions.api';
import { exceptionQueries } from './exceptions.queries';

/** A change of one exception moves it in the queue, the widget, the badges and its history. */
function useExceptionMutation<V>(request: (exceptionId: number, body: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ exceptionId, body }: { exceptionId: number; body: V }) => request(exceptionId, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: exceptionQueries.all() }),
  });
}

export const useAssignException = () => useExceptionMutation<AssignExceptionBody>(assignException);
export const useSetExceptionDueDate = () => useExceptionMutation<ExceptionDueDateBody>(setExceptionDueDate);
export const useSnoozeException = () => useExceptionMutation<SnoozeExceptionBody>(snoozeException);
export const useResolveException = () => useExceptionMutation<ResolveExceptionBody>(resolveException);
export const useReopenException = () => useExceptionMutation<void>((id) => reopenException(id));

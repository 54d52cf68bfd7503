import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CollectionType } from '@tideline/contracts/banks/bank-lists';
import type { ClientInput } from '@tideline/contracts/clients/clients.schemas';
import type { StartReportInput } from '@tideline/contracts/data-ingestion/start-report.schemas';
import {
  createClient,
  createRelationship,
  startReport,
  updateClient,
  updateRelationship,
} from './clients.api';
import { clientQueries } from './clients.queries';

// One hook per change, each refreshing what it changed (style.md "Web").

export function useCreateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (client: ClientInput) => createClient(client),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientQueries.all().queryKey }),
  });
}

export function useUpdateClient() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ clientId, client }: { clientId: number; client: ClientInput }) =>
      updateClient(clientId, client),
    onSuccess: ({ saved }) => {
      queryClient.setQueryData(clientQueries.detail(saved.clientId).queryKey, saved);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: clientQueries.all().queryKey }),
        queryClient.invalidateQueries({ queryKey: clientQueries.detail(saved.clientId).queryKey }),
      ]);
    },
  });
}

export function useCreateRelationship() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { clientId: number; bankId: number; collectionType?: CollectionType }) =>
      createRelationship(input),
    onSuccess: (_result, { clientId }) =>
      queryClient.invalidateQueries({ queryKey: clientQueries.relationships(clientId).queryKey }),
  });
}

export function useUpdateRelationship() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      bankClientRelId,
      bankClientRel,
    }: {
      clientId: number;
      bankClientRelId: number;
      bankClientRel: { status: 0 | 1; collectionType: CollectionType };
    }) => updateRelationship(bankClientRelId, bankClientRel),
    onSuccess: (_result, { clientId }) =>
      queryClient.invalidateQueries({ queryKey: clientQueries.relationships(clientId).queryKey }),
  });
}

/**
 * Start Report: the answer carries the client's new report status, so the widget shows it at once. The
 * new cycle also shows on the dashboard's Reports In Progress, the upload dashboard's and the analysis'
 * open reports (their keys: features do not import each other).
 */
export function useStartReport(clientId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: StartReportInput) => startReport(clientId, input),
    onSuccess: ({ reportStatus }) => {
      queryClient.setQueryData(clientQueries.reportStatus(clientId).queryKey, reportStatus);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: clientQueries.reportStatus(clientId).queryKey }),
        queryClient.invalidateQueries({ queryKey: ['dashboard'] }),
        queryClient.invalidateQueries({ queryKey: ['data-ingestion', 'open-reports'] }),
        queryClient.invalidateQueries({ queryKey: ['analysis'] }),
      ]);
    },
  });
}

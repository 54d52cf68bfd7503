import { queryOptions } from '@tanstack/react-query';
import type { TemplatePreviewBody, TemplateType } from '@tideline/contracts/templates/templates.schemas';
import { fetchTemplatesOfRel, fetchTransactionTemplates, previewTemplate } from './templates.api';

// One key factory per area (style.md "Web").
export const templateQueries = {
  lists: () => ['templates', 'list'] as const,
  ofRel: (type: TemplateType, bankClientRelId: number) =>
    queryOptions({
      queryKey: ['templates', 'list', 'rel', type, bankClientRelId] as const,
      queryFn: () => fetchTemplatesOfRel(type, bankClientRelId),
      staleTime: 0,
      retry: false,
    }),
  transaction: () =>
    queryOptions({
      queryKey: ['templates', 'list', 'transaction'] as const,
      queryFn: fetchTransactionTemplates,
    }),
  /** A preview is keyed by the sample file and the template as sent; nothing is stored. */
  preview: (fileKey: string, body: TemplatePreviewBody) =>
    queryOptions({
      queryKey: ['templates', 'preview', fileKey, JSON.stringify(body.template)] as const,
      queryFn: ({ signal }) => previewTemplate(body, signal),
      staleTime: Infinity,
      gcTime: 60_000,
      retry: false,
    }),
};

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ManageTemplateInput } from '@tideline/contracts/templates/templates.schemas';
import { deleteTemplate, manageTemplate } from './templates.api';
import { templateQueries } from './templates.queries';

// One hook per change; both refresh every template list (a relationship's and Global Settings tab 5).

export function useManageTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (template: ManageTemplateInput) => manageTemplate(template),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateQueries.lists() }),
  });
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (templateId: number) => deleteTemplate(templateId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateQueries.lists() }),
  });
}

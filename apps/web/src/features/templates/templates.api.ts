import { MessageSchema } from '@tideline/contracts/common/errors';
import {
  StoredTemplateSchema,
  TemplateListRowSchema,
  TemplatePreviewSchema,
  type ManageTemplateInput,
  type StoredTemplate,
  type TemplateListRow,
  type TemplatePreview,
  type TemplatePreviewBody,
  type TemplateType,
} from '@tideline/contracts/templates/templates.schemas';
import { apiRequest } from '../../lib/api-client';

// clients-accounts-investments-reports.md 7 "Templates" (/api/templates) and our preview.

function messageOf(answer: unknown): string | undefined {
  const parsed = MessageSchema.safeParse(answer);
  return parsed.success ? parsed.data.msg : undefined;
}

/** GET /all/{type}/{bankClientRelId}: the relationship's template of that type (one, or none). */
export async function fetchTemplatesOfRel(
  type: TemplateType,
  bankClientRelId: number,
): Promise<StoredTemplate[]> {
  return StoredTemplateSchema.array().parse(await apiRequest(`/templates/all/${type}/${bankClientRelId}`));
}

/** GET /transaction: Global Settings tab 5 'Templates'. */
export async function fetchTransactionTemplates(): Promise<TemplateListRow[]> {
  return TemplateListRowSchema.array().parse(await apiRequest('/templates/transaction'));
}

export async function manageTemplate(template: ManageTemplateInput): Promise<string | undefined> {
  return messageOf(await apiRequest('/templates/manage', { method: 'POST', body: { template } }));
}

export async function deleteTemplate(templateId: number): Promise<string | undefined> {
  return messageOf(await apiRequest(`/templates/${templateId}`, { method: 'DELETE' }));
}

export async function previewTemplate(
  body: TemplatePreviewBody,
  signal?: AbortSignal,
): Promise<TemplatePreview> {
  return TemplatePreviewSchema.parse(
    await apiRequest('/templates/preview', { method: 'POST', body, signal }),
  );
}

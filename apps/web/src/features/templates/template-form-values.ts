import type {
  ManageTemplateInput,
  StoredTemplate,
  TemplatePreviewBody,
  TemplateType,
} from '@tideline/contracts/templates/templates.schemas';

/** The template dialog's form: the POST /manage body with the jsonTransform object as text fields. */
export interface TemplateFormValues {
  templateId?: number;
  bankClientRelId: number;
  type: TemplateType;
  templateType: 'Header' | 'Cell';
  headerRow: string;
  jsonTransform: [Record<string, string | boolean>];
}

const FLAGS = ['fileNameIncluded', 'specialCase'];

/** The stored template (or a new one) as form values: numbers as text, flags 1 as checked. */
export function formValuesOf(
  type: TemplateType,
  bankClientRelId: number,
  stored: StoredTemplate | undefined,
): TemplateFormValues {
  const fields: Record<string, string | boolean> = {};
  for (const [key, value] of Object.entries(stored?.jsonTransform[0] ?? {})) {
    if (FLAGS.includes(key)) fields[key] = value === 1 || value === true || value === '1';
    else if (value !== null && value !== undefined) fields[key] = String(value);
  }
  for (const flag of FLAGS) if (type === 'Transaction' && fields[flag] === undefined) fields[flag] = false;
  return {
    templateId: stored?.templateId,
    bankClientRelId,
    type,
    templateType: stored?.templateType ?? 'Cell',
    headerRow: stored?.headerRow ?? '',
    jsonTransform: [fields],
  };
}

/** Blank fields are left out; flags are sent as 1 when checked and omitted otherwise (spec 3). */
export function jsonTransformOf(fields: Record<string, unknown>): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (FLAGS.includes(key)) {
      if (value === true) out[key] = 1;
    } else if (typeof value === 'string' && value.trim() !== '') {
      out[key] = value.trim();
    }
  }
  return out;
}

/** The POST /manage body of the validated form. */
export function manageBodyOf(values: TemplateFormValues): ManageTemplateInput {
  return {
    ...(values.templateId ? { templateId: values.templateId } : {}),
    bankClientRelId: values.bankClientRelId,
    type: values.type,
    templateType: values.templateType,
    headerRow: values.templateType === 'Header' ? values.headerRow.trim() : null,
    jsonTransform: [jsonTransformOf(values.jsonTransform[0])],
  } as ManageTemplateInput;
}

/** The template part of a preview request, from the form as it stands. */
export function previewTemplateOf(values: TemplateFormValues): TemplatePreviewBody['template'] {
  const { templateId: _id, bankClientRelId: _rel, ...template } = manageBodyOf(values);
  return template as TemplatePreviewBody['template'];
}

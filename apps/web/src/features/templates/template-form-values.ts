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

// While the form is incomplete the preview still shows the file's grid: it asks with a template that
// matches nothing (the server answers the grid and 'no template matched') and says what is missing.
const NEVER_MATCHES = '\u2063tideline: grid only\u2063';
export function gridOnlyTemplateOf(type: TemplateType): TemplatePreviewBody['template'] {
  if (type === 'Treasury') return { type, templateType: 'Cell', jsonTransform: [{ accountGroupName: '-' }] };
  if (type === 'Investment') {
    return {
      type,
      templateType: 'Cell',
      jsonTransform: [
        {
          cellHeaderData: NEVER_MATCHES,
          accountNumber: '0',
          settlementDate: '1',
          maturityDate: '2',
          interestRate: '3',
          settlementAmount: '4',
          investmentType: '5',
          faceValue: '6',
          headerStart: '0',
        },
      ],
    };
  }
  return {
    type,
    templateType: 'Cell',
    jsonTransform: [
      {
        cellHeaderData: NEVER_MATCHES,
        accountNumber: '0',
        description: '1',
        date: '2',
        amount: '3',
        headerStart: '0',
      },
    ],
  };
}

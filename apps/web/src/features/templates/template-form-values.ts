import type {
  ManageTemplateInput,
  StoredTemplate,
  TemplatePreviewBody,
  TemplateType,
} from '@tideline/contracts/templates/templates.schemas';
import { normalizeCellText, normalizeHeaderText } from '@tideline/contracts/templates/match-text';
import { guessTemplateColumns } from './guess-template-columns';

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
/** A stored template without these means Auto and dot (issue 15): the form shows them chosen. */
const CHOICE_DEFAULTS: Record<string, string> = { dateFormat: 'Auto', decimalSeparator: 'dot' };

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
  if (type !== 'Treasury') {
    for (const [key, value] of Object.entries(CHOICE_DEFAULTS)) fields[key] ??= value;
  }
  return {
    templateId: stored?.templateId,
    bankClientRelId,
    type,
    templateType: stored?.templateType ?? 'Cell',
    headerRow: stored?.headerRow ?? '',
    jsonTransform: [fields],
  };
}

/** What extraction detected in a file a new or changed template starts from. */
export type TemplateStart =
  | { templateType: 'Cell'; firstCell: string }
  | { templateType: 'Header'; headerRow: string; headerRowNumber: number | null };

/**
 * The form set to match the file: a First Cell template by its first cell, or a Header Row template by
 * its header row, found at the detected row (Header Start). Treasury templates match by header only.
 */
export function withStart(values: TemplateFormValues, start: TemplateStart): TemplateFormValues {
  const fields = { ...values.jsonTransform[0] };
  if (start.templateType === 'Cell') {
    if (values.type === 'Treasury') return values;
    return {
      ...values,
      templateType: 'Cell',
      jsonTransform: [{ ...fields, cellHeaderData: start.firstCell }],
    };
  }
  if (values.type !== 'Treasury' && start.headerRowNumber !== null) {
    fields.headerStart = String(start.headerRowNumber);
  }
  return { ...values, templateType: 'Header', headerRow: start.headerRow, jsonTransform: [fields] };
}

/** Whether a stored template already matches the file the start comes from. */
function isMatchedBy(template: StoredTemplate, start: TemplateStart): boolean {
  if (template.templateType !== start.templateType) return false;
  if (start.templateType === 'Header')
    return normalizeHeaderText(template.headerRow ?? '') === normalizeHeaderText(start.headerRow);
  const cell = template.jsonTransform[0]?.cellHeaderData;
  return typeof cell === 'string' && normalizeCellText(cell) === normalizeCellText(start.firstCell);
}

/**
 * The form for Create First Cell / Header Row Template from a failed file. The relationship's template
 * that matches the file (its rows failed) is opened to be fixed. Otherwise a new template is made:
 * editing a template that reads another layout would leave that layout's files without a template.
 * A new Header Row template takes its columns from the file's detected header row
 * (guessTemplateColumns), not from another layout's (issue 42 point 3); a First Cell one, which has
 * no header to read, and a treasury one (no columns) start from the relationship's first template.
 */
export function startValuesOf(
  type: TemplateType,
  bankClientRelId: number,
  stored: readonly StoredTemplate[],
  start: TemplateStart,
): TemplateFormValues {
  const matched = stored.find((t) => isMatchedBy(t, start));
  if (matched) return withStart(formValuesOf(type, bankClientRelId, matched), start);
  if (start.templateType === 'Header' && type !== 'Treasury') {
    const blank = formValuesOf(type, bankClientRelId, undefined);
    const columns = guessTemplateColumns(type, start.headerRow);
    return withStart({ ...blank, jsonTransform: [{ ...blank.jsonTransform[0], ...columns }] }, start);
  }
  const { templateId: _other, ...settings } = formValuesOf(type, bankClientRelId, stored[0]);
  return withStart(settings, start);
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

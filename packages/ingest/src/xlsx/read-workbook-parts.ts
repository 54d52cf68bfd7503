import { posix } from 'node:path';
import type { ExtractionError } from '../core/extraction-error.js';
import { fail, ok, type Result } from '../core/result.js';
import type { ZipEntry } from './check-zip-limits.js';
import { isDateFormat, type CellContext } from './format-cell-value.js';
import { streamXmlEntry, type XmlLimits } from './stream-xml-entry.js';

export interface WorkbookParts extends CellContext {
  /** Worksheets in workbook order (chart and dialog sheets hold no cells). */
  sheets: { name: string; entry: ZipEntry }[];
}

/** Excel's built-in number formats that show dates or times. */
const BUILT_IN_FORMATS: Record<number, string> = {
  14: 'mm-dd-yy',
  15: 'd-mmm-yy',
  16: 'd-mmm',
  17: 'mmm-yy',
  18: 'h:mm AM/PM',
  19: 'h:mm:ss AM/PM',
  20: 'h:mm',
  21: 'h:mm:ss',
  22: 'm/d/yy h:mm',
  45: 'mm:ss',
  46: '[h]:mm:ss',
  47: 'mmss.0',
};

const malformed = (message: string): ExtractionError => ({ kind: 'malformed', format: 'xlsx', message });

/** Zip entries by name as OPC compares them: case-insensitive, without a leading slash. */
function indexEntries(entries: readonly ZipEntry[]): Map<string, ZipEntry> {
  const byName = new Map<string, ZipEntry>();
  for (const entry of entries) {
    const key = entry.name.replace(/\\/g, '/').replace(/^\/+/, '').toLowerCase();
    if (!byName.has(key)) byName.set(key, entry);
  }
  return byName;
}

/** A relationship target, relative to the part that names it, as an entry key. */
function resolveTarget(fromPart: string, target: string): string {
  const path = target.startsWith('/') ? target : posix.join(posix.dirname(fromPart), target);
  return posix.normalize(path).replace(/^\/+/, '').toLowerCase();
}

type Relationships = Map<string, { type: string; target: string }>;

async function readRelationships(
  bytes: Uint8Array,
  entry: ZipEntry | undefined,
  fromPart: string,
  limits: XmlLimits,
): Promise<Result<Relationships>> {
  const rels: Relationships = new Map();
  if (!entry) return ok(rels);
  const error = await streamXmlEntry(bytes, entry, limits, {
    open(name, attributes) {
      if (name !== 'Relationship' || !attributes.Id || !attributes.Target) return;
      rels.set(attributes.Id, {
        type: attributes.Type ?? '',
        target: resolveTarget(fromPart, attributes.Target),
      });
    },
  });
  return error ? fail(error) : ok(rels);
}

const findByType = (rels: Relationships, suffix: string) =>
  [...rels.values()].find((r) => r.type.endsWith(suffix))?.target;

async function readStyles(bytes: Uint8Array, entry: ZipEntry | undefined, limits: XmlLimits) {
  const customFormats = new Map<number, string>();
  const styleFormats: number[] = [];
  let isInCellXfs = false;
  const error = entry
    ? await streamXmlEntry(bytes, entry, limits, {
        open(name, attributes) {
          if (name === 'numFmt') customFormats.set(Number(attributes.numFmtId), attributes.formatCode ?? '');
          else if (name === 'cellXfs') isInCellXfs = true;
          else if (name === 'xf' && isInCellXfs) styleFormats.push(Number(attributes.numFmtId ?? 0));
        },
        close(name) {
          if (name === 'cellXfs') isInCellXfs = false;
        },
      })
    : undefined;
  const dateStyles = styleFormats.map((id) => isDateFormat(customFormats.get(id) ?? BUILT_IN_FORMATS[id]));
  return error ? fail(error) : ok(dateStyles);
}

async function readSharedStrings(bytes: Uint8Array, entry: ZipEntry | undefined, limits: XmlLimits) {
  const strings: string[] = [];
  let current = '';
  let isInText = false;
  // Phonetic runs (rPh) are reading aids for East Asian text, not part of the string.
  let isInPhonetic = false;
  const error = entry
    ? await streamXmlEntry(bytes, entry, limits, {
        open(name) {
          if (name === 'si') current = '';
          else if (name === 'rPh') isInPhonetic = true;
          else if (name === 't' && !isInPhonetic) isInText = true;
        },
        text(text) {
          if (isInText) current += text;
        },
        close(name) {
          if (name === 't') isInText = false;
          else if (name === 'rPh') isInPhonetic = false;
          else if (name === 'si') strings.push(current);
        },
      })
    : undefined;
  return error ? fail(error) : ok(strings);
}

/**
 * Reads what a workbook's sheets need besides their own XML: the sheet list (workbook.xml and its
 * relationships), the date system, the styles that show dates and the shared strings.
 */
export async function readWorkbookParts(
  bytes: Uint8Array,
  entries: readonly ZipEntry[],
  limits: XmlLimits,
): Promise<Result<WorkbookParts>> {
  const byName = indexEntries(entries);
  const packageRels = await readRelationships(bytes, byName.get('_rels/.rels'), '', limits);
  if (!packageRels.ok) return packageRels;
  const workbookPart = findByType(packageRels.value, '/officeDocument') ?? 'xl/workbook.xml';
  const workbookEntry = byName.get(workbookPart);
  if (!workbookEntry) return fail(malformed('The file is not an Excel workbook: it has no workbook part.'));

  const listed: { name: string; id: string }[] = [];
  let is1904 = false;
  const workbookError = await streamXmlEntry(bytes, workbookEntry, limits, {
    open(name, attributes) {
      if (name === 'workbookPr') is1904 = attributes.date1904 === '1' || attributes.date1904 === 'true';
      if (name !== 'sheet') return;
      const idKey = Object.keys(attributes).find((k) => k.endsWith(':id'));
      listed.push({ name: attributes.name ?? '', id: idKey ? (attributes[idKey] ?? '') : '' });
    },
  });
  if (workbookError) return fail(workbookError);
  const relsPart = posix.join(posix.dirname(workbookPart), '_rels', `${posix.basename(workbookPart)}.rels`);
  const rels = await readRelationships(bytes, byName.get(relsPart), workbookPart, limits);
  if (!rels.ok) return rels;

  const sheets: WorkbookParts['sheets'] = [];
  for (const sheet of listed) {
    const rel = rels.value.get(sheet.id);
    if (!rel?.type.endsWith('/worksheet')) continue;
    const entry = byName.get(rel.target);
    if (!entry) return fail(malformed(`The workbook is damaged: sheet "${sheet.name}" is missing.`));
    sheets.push({ name: sheet.name, entry });
  }
  const styles = await readStyles(
    bytes,
    byName.get(findByType(rels.value, '/styles') ?? 'xl/styles.xml'),
    limits,
  );
  if (!styles.ok) return styles;
  const strings = await readSharedStrings(
    bytes,
    byName.get(findByType(rels.value, '/sharedStrings') ?? 'xl/sharedstrings.xml'),
    limits,
  );
  if (!strings.ok) return strings;
  return ok({ sheets, sharedStrings: strings.value, dateStyles: styles.value, is1904 });
}

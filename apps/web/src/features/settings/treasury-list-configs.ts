import type {
  TreasuryListKind,
  TreasuryLists,
} from '@tideline/contracts/staging-treasury/treasury-list-settings.schemas';

// Issue 17 point 4: what each treasury pick list shows and edits on Global Settings.

/** One entry of any treasury list, as its table and form use it. */
export interface TreasuryListRow {
  id: number;
  name: string;
  /** Staging rows and booked records carrying the name: deletable only at 0. */
  usageCount: number;
  isRate?: boolean;
  description?: string;
  code?: string | null;
  categoryId?: number;
  categoryName?: string;
  subCategoryCount?: number;
}

/** A field of the add/edit dialog besides the name. */
export type TreasuryListField = 'isRate' | 'description' | 'code' | 'categoryId';

export interface TreasuryListConfig {
  kind: TreasuryListKind;
  title: string;
  fields: readonly TreasuryListField[];
  /** The code field's label (fee categories and sub categories). */
  codeLabel?: string;
  rowsOf: (lists: TreasuryLists) => TreasuryListRow[];
}

export const TREASURY_LIST_CONFIGS: readonly TreasuryListConfig[] = [
  {
    kind: 'standardizedDescription',
    title: 'Manage Standardized Descriptions',
    fields: ['isRate'],
    rowsOf: (l) =>
      l.standardizedDescriptions.map((d) => ({
        id: d.standardDescriptionId,
        name: d.name,
        isRate: d.isRate,
        usageCount: d.usageCount,
      })),
  },
  {
    kind: 'bankLevelException',
    title: 'Manage Bank Level Exceptions',
    fields: ['description'],
    rowsOf: (l) =>
      l.bankLevelExceptions.map((e) => ({
        id: e.bankLevelExceptionId,
        name: e.name,
        description: e.description,
        usageCount: e.usageCount,
      })),
  },
  {
    kind: 'clientLevelException',
    title: 'Manage Client Level Exceptions',
    fields: ['description'],
    rowsOf: (l) =>
      l.clientLevelExceptions.map((e) => ({
        id: e.clientLevelExceptionId,
        name: e.name,
        description: e.description,
        usageCount: e.usageCount,
      })),
  },
  {
    kind: 'feeCategory',
    title: 'Manage Fee Categories',
    fields: ['code'],
    codeLabel: 'AFP Family Code',
    rowsOf: (l) =>
      l.feeCategories.map((c) => ({
        id: c.categoryId,
        name: c.name,
        code: c.code,
        usageCount: c.usageCount,
        subCategoryCount: c.subCategories.length,
      })),
  },
  {
    kind: 'feeSubCategory',
    title: 'Manage Fee Sub Categories',
    fields: ['categoryId', 'code'],
    codeLabel: 'AFP Service Code',
    rowsOf: (l) =>
      l.feeCategories.flatMap((c) =>
        c.subCategories.map((s) => ({
          id: s.subCategoryId,
          name: s.name,
          code: s.code,
          categoryId: c.categoryId,
          categoryName: `${c.code} ${c.name}`,
          usageCount: s.usageCount,
        })),
      ),
  },
];

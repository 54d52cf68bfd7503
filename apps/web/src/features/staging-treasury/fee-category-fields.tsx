import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import type { FeeCategory } from '@tideline/contracts/staging-treasury/staging-treasury.schemas';
import { PickSelect } from './pick-select';

/** The category pair of a fee form; '' while nothing is chosen. */
export interface FeeCategoryValues {
  categoryId: number | '';
  subCategoryId: number | '';
}

interface FeeCategoryFieldsProps<V extends FieldValues & FeeCategoryValues> {
  control: Control<V>;
  categories: readonly FeeCategory[];
  /** The category chosen now: its sub categories are the choices. */
  categoryId: number | '';
  /** Spec 5: changing the category clears the sub category. */
  onCategoryChanged: () => void;
}

/** Category and Sub Category, both required (spec 5); the sub categories are the chosen category's. */
export function FeeCategoryFields<V extends FieldValues & FeeCategoryValues>({
  control,
  categories,
  categoryId,
  onCategoryChanged,
}: FeeCategoryFieldsProps<V>) {
  const subCategories = categories.find((c) => c.categoryId === categoryId)?.subCategories ?? [];
  return (
    <>
      <PickSelect
        control={control}
        name={'categoryId' as FieldPath<V>}
        label="Category"
        options={categories.map((c) => ({ value: c.categoryId, label: c.name }))}
        isRequired
        onChanged={onCategoryChanged}
      />
      <PickSelect
        control={control}
        name={'subCategoryId' as FieldPath<V>}
        label="Sub Category"
        options={subCategories.map((s) => ({ value: s.subCategoryId, label: s.name }))}
        isRequired
        disabled={categoryId === ''}
      />
    </>
  );
}

import { REPORT_FREQUENCIES } from '../clients/client-lists';

/** Spec 9: data gathering frequencies in months (GET /api/banks/allowed-data-gathering-values). */
export const DATA_GATHERING_FREQUENCIES = REPORT_FREQUENCIES;

/** platform.md 5 "Upload date": business days 1 to 24, shown as ordinals; null is 'Not Set'. */
export const DATA_AVAILABILITY_DAYS = Array.from({ length: 24 }, (_, i) => i + 1);
export const DATA_AVAILABILITY_NOT_SET = 'Not Set';

/** 1 -> '1st', 2 -> '2nd', 11 -> '11th', 22 -> '22nd'; null -> 'Not Set'. */
export function ordinalBusinessDay(day: number | null | undefined): string {
  if (day == null) return DATA_AVAILABILITY_NOT_SET;
  const tens = day % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : ({ 1: 'st', 2: 'nd', 3: 'rd' }[day % 10] ?? 'th');
  return `${day}${suffix}`;
}

/**
 * How a relationship's statements reach us (spec 3, 4): Plaid and Munitrust are pulled from providers,
 * the rest are files a user uploads. Accounts inherit the relationship's unless they set their own.
 */
export const COLLECTION_TYPES = [
  'File Upload',
  'Email',
  'SFTP',
  'Bank Portal',
  'Plaid',
  'Munitrust',
] as const;
export type CollectionType = (typeof COLLECTION_TYPES)[number];
export const DEFAULT_COLLECTION_TYPE: CollectionType = 'File Upload';

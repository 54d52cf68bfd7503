import { MessageSchema } from '@tideline/contracts/common/errors';
import {
  TREASURY_LISTS,
  TreasuryListsSchema,
  type TreasuryListKind,
  type TreasuryLists,
} from '@tideline/contracts/staging-treasury/treasury-list-settings.schemas';
import { apiRequest } from '../../lib/api-client';

// Issue 17 point 4 (/api/administration/treasury-lists): the treasury pick lists on Global Settings.

const msgOf = (answer: unknown) => {
  const parsed = MessageSchema.safeParse(answer);
  return parsed.success ? parsed.data.msg : undefined;
};

export async function fetchTreasuryLists(): Promise<TreasuryLists> {
  return TreasuryListsSchema.parse(await apiRequest('/administration/treasury-lists'));
}

/** What the add/edit dialog sends for one list: its name and the list's own fields. */
export type TreasuryListValues = Record<string, unknown>;

/** Add (id null) or edit one entry: {<kind>: values}. */
export async function saveTreasuryListEntry(
  kind: TreasuryListKind,
  id: number | null,
  values: TreasuryListValues,
) {
  const d = TREASURY_LISTS[kind];
  const path = `/administration/treasury-lists/${d.path}${id ? `/${id}` : ''}`;
  return msgOf(await apiRequest(path, { method: id ? 'PUT' : 'POST', body: { [d.bodyKey]: values } }));
}

export async function deleteTreasuryListEntry(kind: TreasuryListKind, id: number) {
  return msgOf(
    await apiRequest(`/administration/treasury-lists/${TREASURY_LISTS[kind].path}/${id}`, {
      method: 'DELETE',
    }),
  );
}

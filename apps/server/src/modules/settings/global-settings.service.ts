import {
  GLOBAL_SETTING_DEFAULTS,
  GLOBAL_SETTING_IDS,
  GLOBAL_SETTING_MSG,
  MIN_TRANSACTIONS_PER_MONTH_MAX,
  type GlobalSetting,
  type GlobalSettingId,
} from '@tideline/contracts/settings/global-settings.schemas';
import type { Db, DbOrTx } from '../../db/open-database';
import { writeAudit, type AuditContext } from '../../platform/audit/write-audit';
import { badRequest } from '../../platform/http/app-error';
import * as q from './global-settings.queries';

// platform.md 3 "Global setting" and 2.12 (tab 0 upload date, tab 2 maturing investment date range);
// id 3, the minimum of transactions a month on tab 0, is ours (design/reports.md "Accounts to close").

/** The setting's value, or its default when the row is missing. */
export async function readGlobalSetting(db: DbOrTx, id: GlobalSettingId): Promise<number> {
  return (await q.selectGlobalSetting(db, id))?.value ?? GLOBAL_SETTING_DEFAULTS[id];
}

/** The Maturing Investments window in days (global setting 2). */
export const readMaturityLimitDays = (db: DbOrTx) => readGlobalSetting(db, GLOBAL_SETTING_IDS.maturityLimit);

export function createGlobalSettingsService(deps: { db: Db }) {
  const { db } = deps;

  async function find(id: GlobalSettingId): Promise<GlobalSetting> {
    const row = await q.selectGlobalSetting(db, id);
    return {
      globalSettingId: id,
      globalSettingValue: row?.value ?? GLOBAL_SETTING_DEFAULTS[id],
      updatedAt: (row?.updatedAt ?? new Date(0)).toISOString(),
    };
  }

  return {
    findGlobalSetting: find,

    async updateGlobalSetting(id: GlobalSettingId, value: number, ctx: AuditContext): Promise<GlobalSetting> {
      // platform.md 5: the upload date is one of 24 business days; the maturity range any days from 0.
      if (id === GLOBAL_SETTING_IDS.uploadDate && (value < 1 || value > 24))
        throw badRequest('Choose a business day from 1 to 24.', {
          value: ['Choose a business day from 1 to 24.'],
        });
      // The body schema already refuses a negative or fractional value.
      if (id === GLOBAL_SETTING_IDS.minTransactionsPerMonth && value > MIN_TRANSACTIONS_PER_MONTH_MAX)
        throw badRequest(GLOBAL_SETTING_MSG.minTransactionsRange, {
          'globalSetting.value': [GLOBAL_SETTING_MSG.minTransactionsRange],
        });
      await db.transaction(async (tx) => {
        const before = await readGlobalSetting(tx, id);
        await q.upsertGlobalSetting(tx, id, value);
        await writeAudit(tx, ctx, {
          action: 'global_setting.updated',
          entity: 'global_setting',
          entityId: id,
          before: { value: before },
          after: { value },
        });
      });
      return find(id);
    },
  };
}

import {
  FIRM_LOGO_MAX_BYTES,
  FIRM_MSG,
  type Firm,
  type FirmInputParsed,
  type FirmLogoType,
} from '@tideline/contracts/settings/firm.schemas';
import type { Db, DbOrTx } from '../../db/open-database';
import { writeAudit, type AuditContext } from '../../platform/audit/write-audit';
import { badRequest } from '../../platform/http/app-error';
import * as q from './firm.queries';

// Global Settings "Firm" (issue 42 point 5): the name and logo a Liquidity Analysis prints. The logo's
// bytes are checked against the type it claims, so a renamed file never reaches the PDF renderer.

/** The firm as a report prints it: no name and no logo until an administrator sets them. */
export interface FirmIdentity {
  firmName: string | null;
  logo: { contentType: FirmLogoType; bytes: Buffer } | null;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];

/** Which image the bytes are (PNG or JPEG by their signature), or null for anything else. */
export function sniffLogoType(bytes: Uint8Array): FirmLogoType | null {
  const starts = (signature: number[]) => signature.every((b, i) => bytes[i] === b);
  if (starts(PNG_SIGNATURE)) return 'image/png';
  if (starts(JPEG_SIGNATURE)) return 'image/jpeg';
  return null;
}

const toIdentity = (row: q.FirmRow | null): FirmIdentity => ({
  firmName: row?.firmName ?? null,
  logo:
    row?.logo && row.logoContentType
      ? { contentType: row.logoContentType as FirmLogoType, bytes: Buffer.from(row.logo) }
      : null,
});

/** The firm the reports name (read once per report). */
export async function readFirmIdentity(db: DbOrTx): Promise<FirmIdentity> {
  return toIdentity(await q.selectFirm(db));
}

function toFirm(row: q.FirmRow | null): Firm {
  const { firmName, logo } = toIdentity(row);
  return {
    firmName,
    logo: logo
      ? {
          contentType: logo.contentType,
          dataBase64: logo.bytes.toString('base64'),
          sizeBytes: logo.bytes.length,
        }
      : null,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

/** The logo's bytes, refused unless they are the PNG or JPEG they claim and within the size limit. */
function readLogo(logo: NonNullable<FirmInputParsed['logo']>) {
  const bytes = Buffer.from(logo.dataBase64, 'base64');
  const refuse = (message: string) => badRequest(message, { 'firm.logo': [message] });
  if (bytes.length > FIRM_LOGO_MAX_BYTES) throw refuse(FIRM_MSG.logoTooLarge);
  if (sniffLogoType(bytes) !== logo.contentType) throw refuse(FIRM_MSG.logoUnreadable);
  return { bytes, contentType: logo.contentType };
}

export function createFirmService(deps: { db: Db }) {
  const { db } = deps;
  return {
    async findFirm(): Promise<Firm> {
      return toFirm(await q.selectFirm(db));
    },

    async updateFirm(input: FirmInputParsed, ctx: AuditContext): Promise<Firm> {
      const logo = input.logo ? readLogo(input.logo) : input.logo;
      const row = await db.transaction(async (tx) => {
        const before = await q.selectFirm(tx);
        const saved = await q.upsertFirm(tx, { firmName: input.firmName, logo, updatedBy: ctx.userId });
        // The audit names the logo by type and size: its bytes are no reading matter.
        const describe = (r: q.FirmRow | null) => ({
          firmName: r?.firmName ?? null,
          logo: r?.logo ? `${r.logoContentType}, ${r.logo.length} bytes` : null,
        });
        // A part of the global settings, audited under their entity.
        await writeAudit(tx, ctx, {
          action: 'firm.updated',
          entity: 'global_setting',
          entityId: 'firm',
          before: describe(before),
          after: describe(saved),
        });
        return saved;
      });
      return toFirm(row);
    },
  };
}

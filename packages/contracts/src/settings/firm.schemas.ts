import { z } from 'zod';

// Ours (issue 42 point 5), Global Settings "Firm": the advisory firm that sends the client reports.
// Its name heads every page of a Liquidity Analysis and its logo sits on the cover; unset, the
// report names no firm and prints no logo. GET/PUT /api/administration/firm.

/** The largest logo kept: a cover logo needs no more, and the row is read with every report. */
export const FIRM_LOGO_MAX_BYTES = 512 * 1024;
export const FIRM_LOGO_TYPES = ['image/png', 'image/jpeg'] as const;
export type FirmLogoType = (typeof FIRM_LOGO_TYPES)[number];
export const FIRM_NAME_MAX = 120;

export const FIRM_MSG = {
  updated: 'Firm updated successfully.',
  updateFailed: 'Failed to update the firm.',
  logoType: 'The logo must be a PNG or JPEG image.',
  logoTooLarge: `The logo must be at most ${FIRM_LOGO_MAX_BYTES / 1024} KB.`,
  logoUnreadable: 'The file is not the PNG or JPEG image it says it is.',
  nameTooLong: `At most ${FIRM_NAME_MAX} characters.`,
} as const;

/** Base64 of at most FIRM_LOGO_MAX_BYTES bytes (4 characters for every 3 bytes). */
const BASE64_MAX = Math.ceil(FIRM_LOGO_MAX_BYTES / 3) * 4;

export const FirmLogoSchema = z.object({
  contentType: z.enum(FIRM_LOGO_TYPES, FIRM_MSG.logoType),
  /** The image's bytes in base64 (no data: prefix). */
  dataBase64: z
    .string()
    .max(BASE64_MAX, FIRM_MSG.logoTooLarge)
    .regex(/^[A-Za-z0-9+/]+={0,2}$/, FIRM_MSG.logoUnreadable),
});
export type FirmLogo = z.infer<typeof FirmLogoSchema>;

/** GET /api/administration/firm. */
export const FirmSchema = z.object({
  firmName: z.string().nullable(),
  logo: FirmLogoSchema.extend({ sizeBytes: z.number().int() }).nullable(),
  updatedAt: z.string().nullable(),
});
export type Firm = z.infer<typeof FirmSchema>;

/**
 * PUT /api/administration/firm {firm: {firmName, logo}}: a blank name clears it; `logo` null removes
 * the logo, absent keeps it.
 */
export const FirmInputSchema = z.object({
  firmName: z
    .string()
    .trim()
    .max(FIRM_NAME_MAX, FIRM_MSG.nameTooLong)
    .nullable()
    .transform((name) => (name ? name : null)),
  logo: FirmLogoSchema.nullable().optional(),
});
export type FirmInput = z.input<typeof FirmInputSchema>;
export type FirmInputParsed = z.output<typeof FirmInputSchema>;
export const FirmBodySchema = z.object({ firm: FirmInputSchema });

export const FirmResultSchema = z.object({ msg: z.string(), firm: FirmSchema });

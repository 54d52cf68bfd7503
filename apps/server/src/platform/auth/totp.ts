import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

const ISSUER = 'Tideline';

export function createTotpSecret(): string {
  return generateSecret({ length: 20 });
}

export async function describeTotpEnrolment(secret: string, email: string) {
  const otpauthUri = generateURI({ issuer: ISSUER, label: email, secret });
  const qrCodeDataUrl = await QRCode.toDataURL(otpauthUri, { margin: 1, width: 220 });
  return { secretCode: secret, otpauthUri, qrCodeDataUrl };
}

/**
 * RFC 6238, 30 s steps, 6 digits, one step of drift either way. Only steps newer than the last accepted
 * one pass, so each code works once. Returns the accepted step, or null.
 */
export async function verifyTotpCode(
  secret: string,
  code: string,
  lastStep: number | null,
): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await verify({
    secret,
    token: code,
    epochTolerance: 30,
    ...(lastStep === null ? {} : { afterTimeStep: lastStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

import { generateSecret, generateURI, verify } from "otplib";
import QRCode from "qrcode";

/** RFC 6238 as authenticator apps use it: SHA-1, 6 digits, 30-second steps. */
export const TOTP_PERIOD_S = 30;
/** A code of the step before or after the current one is accepted (clock drift, typing time). */
const TOLERANCE_S = TOTP_PERIOD_S;
export const TOTP_ISSUER = "Parley";

/** A new 160-bit secret, base32 as authenticator apps take it. */
export const newTotpSecret = (): string => generateSecret();

export function totpUri(secret: string, account: string): string {
  return generateURI({ issuer: TOTP_ISSUER, label: account, secret });
}

/** The `otpauth://` URI as an SVG QR code (its own document: shown as an image, so no CSP change). */
export function qrSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: "svg", margin: 2, errorCorrectionLevel: "M" });
}

/**
 * The time step `code` is valid for at `now` (within one step either side), or undefined. Only a
 * step after `afterStep` counts: a code already used, or an older one, is refused.
 */
export async function totpStep(
  secret: string,
  code: string,
  now: Date,
  afterStep: number | null,
): Promise<number | undefined> {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOLERANCE_S,
    ...(afterStep !== null ? { afterTimeStep: afterStep } : {}),
  });
  return result.valid && "timeStep" in result ? result.timeStep : undefined;
}

/** Checked against when there is no secret to check, so a miss costs what a check does. */
export const DECOY_SECRET = newTotpSecret();

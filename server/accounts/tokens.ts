import { errors, jwtVerify, SignJWT } from 'jose';

export interface AccessClaims {
  accountId: number;
  tokenVersion: number;
}

export type VerifyResult =
  | {
      ok: true;
      claims: AccessClaims /** When the token stops working (ms since the epoch). */;
      expiresAt: number;
    }
  | { ok: false; reason: 'expired' | 'invalid' };

const ALGORITHM = 'HS256';

export function secretKey(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

export function signAccessToken(key: Uint8Array, claims: AccessClaims, ttlSeconds: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ ver: claims.tokenVersion })
    .setProtectedHeader({ alg: ALGORITHM })
    .setSubject(String(claims.accountId))
    .setIssuedAt(now)
    .setExpirationTime(now + ttlSeconds)
    .sign(key);
}

export async function verifyAccessToken(key: Uint8Array, token: string): Promise<VerifyResult> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: [ALGORITHM],
      requiredClaims: ['sub', 'exp'],
    });
    const accountId = Number(payload.sub);
    const tokenVersion = payload.ver;
    if (!Number.isSafeInteger(accountId) || typeof tokenVersion !== 'number')
      return { ok: false, reason: 'invalid' };
    return { ok: true, claims: { accountId, tokenVersion }, expiresAt: (payload.exp ?? 0) * 1000 };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return { ok: false, reason: 'expired' };
    return { ok: false, reason: 'invalid' };
  }
}

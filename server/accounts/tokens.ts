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

const MAX_VERIFIED = 10_000;

/**
 * verifyAccessToken with a memory of the tokens it has verified, so that a client's every request does not
 * check the same signature again (HMAC through WebCrypto, a third of an authenticated read's time).
 * Hand-written on a security boundary, for these reasons: the key is fixed for the verifier's life, so an
 * entry can only be a token whose signature this key accepted, looked up by its whole text (a changed byte is a
 * miss, and verified afresh); an entry answers "expired" from its own `exp` exactly as jose would; and it
 * carries no authority of its own — the caller still checks the token version against the account (password
 * change, block, removal revoke the token as before). At most MAX_VERIFIED entries; it starts over when full.
 */
export function createTokenVerifier(key: Uint8Array): (token: string) => Promise<VerifyResult> {
  const verified = new Map<string, { claims: AccessClaims; expiresAt: number }>();
  return async (token) => {
    const hit = verified.get(token);
    if (hit) {
      if (Date.now() < hit.expiresAt) return { ok: true, ...hit };
      verified.delete(token);
      return { ok: false, reason: 'expired' };
    }
    const result = await verifyAccessToken(key, token);
    if (result.ok) {
      if (verified.size >= MAX_VERIFIED) verified.clear();
      verified.set(token, { claims: result.claims, expiresAt: result.expiresAt });
    }
    return result;
  };
}

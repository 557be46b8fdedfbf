// Issue 16: the Ed25519 key attestations are signed with. Like the JWT secret it is made once, on first start,
// and kept in the settings table, so that every instance on the database signs with the same key; or it comes
// from SIGNING_KEY (PKCS#8 PEM) for installations that keep it in a vault. Every public key ever used is listed
// in `signing_keys`, so attestations made before a rotation still verify.
import {
  createHash,
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
} from 'node:crypto';
import type { Db } from '../platform/db/client';
import { getOrCreateSetting, putSetting } from '../platform/db/settings-repository';
import { insertPublicKey, listPublicKeys, type PublicKeyRow } from './signing-repository';

export const SIGNING_KEY_SETTING = 'signing_key';

export interface SigningKey {
  keyId: string;
  privateKey: KeyObject;
  /** SPKI, PEM. */
  publicKey: string;
}

/** The first 16 hex digits of the sha256 of the public key's SPKI (DER) bytes. */
export function keyIdOf(publicKey: KeyObject): string {
  const der = publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(der).digest('hex').slice(0, 16);
}

export function generateSigningKeyPem(): string {
  const { privateKey } = generateKeyPairSync('ed25519');
  return privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
}

/** Reads a PKCS#8 PEM private key; throws unless it is an Ed25519 one. */
export function signingKeyFromPem(pem: string): SigningKey {
  let privateKey: KeyObject;
  try {
    privateKey = createPrivateKey({ key: pem, format: 'pem' });
  } catch {
    throw new Error('SIGNING_KEY is not a PEM private key (PKCS#8)');
  }
  if (privateKey.asymmetricKeyType !== 'ed25519')
    throw new Error(`SIGNING_KEY must be an Ed25519 key, not ${privateKey.asymmetricKeyType}`);
  const publicKey = createPublicKey(privateKey);
  return {
    keyId: keyIdOf(publicKey),
    privateKey,
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

export class RotationRefusedError extends Error {}

export class KeyStore {
  private readonly parsed = new Map<string, SigningKey>();
  private readonly configured?: SigningKey;

  /** `configured`: SIGNING_KEY's PEM; checked here, so that a wrong one stops the start. */
  constructor(
    private readonly db: Db,
    configured?: string,
  ) {
    if (configured) {
      this.configured = signingKeyFromPem(configured);
    }
  }

  get fromEnvironment(): boolean {
    return this.configured !== undefined;
  }

  /**
   * The key that signs now. The setting is read on every call (one row by its key), so a rotation on another
   * instance is followed by the next signature here.
   */
  async current(): Promise<SigningKey> {
    if (this.configured) return this.listed(this.configured.publicKey, this.configured);
    const pem = await getOrCreateSetting(this.db, SIGNING_KEY_SETTING, generateSigningKeyPem);
    return this.listed(pem, undefined);
  }

  private async listed(cacheKey: string, known: SigningKey | undefined): Promise<SigningKey> {
    const cached = this.parsed.get(cacheKey);
    if (cached) return cached;
    const key = known ?? signingKeyFromPem(cacheKey);
    await insertPublicKey(this.db, key.keyId, key.publicKey);
    this.parsed.set(cacheKey, key);
    return key;
  }

  /** A new key signs from now on; the old public key stays listed. Refused when SIGNING_KEY is set. */
  /** `onRotated` runs in the rotation's transaction (the audit row), with the old and the new key's id. */
  async rotate(onRotated?: (tx: Db, was: string, now: string) => Promise<void>): Promise<SigningKey> {
    if (this.configured)
      throw new RotationRefusedError('The signing key comes from SIGNING_KEY: replace it there and restart');
    const was = await this.current();
    const pem = generateSigningKeyPem();
    const next = signingKeyFromPem(pem);
    await this.db.transaction(async (tx) => {
      await putSetting(tx, SIGNING_KEY_SETTING, pem);
      await onRotated?.(tx, was.keyId, next.keyId);
    });
    return this.current();
  }

  /** Every public key the console has signed with, the current one included, oldest first. */
  async publicKeys(): Promise<PublicKeyRow[]> {
    await this.current();
    return listPublicKeys(this.db);
  }
}

import { createHash } from 'node:crypto';

export interface SshPublicKey {
  type: string;
  /** `type base64 [comment]` with single spaces. */
  normalised: string;
  /** OpenSSH's `SHA256:…` fingerprint of the key blob. */
  fingerprint: string;
}

const ECDSA_POINT_LENGTH: Record<string, number> = { nistp256: 65, nistp384: 97, nistp521: 133 };

/** Reads the length-prefixed strings of an SSH wire-format blob. */
class BlobReader {
  private offset = 0;
  constructor(private readonly blob: Buffer) {}

  string(): Buffer | undefined {
    if (this.offset + 4 > this.blob.length) return undefined;
    const length = this.blob.readUInt32BE(this.offset);
    const end = this.offset + 4 + length;
    if (end > this.blob.length) return undefined;
    const value = this.blob.subarray(this.offset + 4, end);
    this.offset = end;
    return value;
  }

  get done(): boolean {
    return this.offset === this.blob.length;
  }
}

/** Checks the blob's fields for the key types OpenSSH accepts in authorized_keys. */
function validBlob(type: string, reader: BlobReader): boolean {
  if (reader.string()?.toString('latin1') !== type) return false;
  switch (type) {
    case 'ssh-ed25519':
      return reader.string()?.length === 32;
    case 'sk-ssh-ed25519@openssh.com':
      return reader.string()?.length === 32 && (reader.string()?.length ?? 0) > 0;
    case 'ssh-rsa': {
      const exponent = reader.string();
      const modulus = reader.string();
      // At least 1024 bits (OpenSSH refuses smaller), allowing mpint's leading zero byte.
      return !!exponent && exponent.length > 0 && !!modulus && modulus.length >= 128;
    }
    default: {
      const curve = /^(?:sk-)?ecdsa-sha2-(nistp256|nistp384|nistp521)(?:@openssh\.com)?$/.exec(type)?.[1];
      if (!curve || reader.string()?.toString('latin1') !== curve) return false;
      const point = reader.string();
      if (!point || point.length !== ECDSA_POINT_LENGTH[curve] || point[0] !== 4) return false;
      return type.startsWith('sk-') ? (reader.string()?.length ?? 0) > 0 : true;
    }
  }
}

const KEY_TYPES = new Set([
  'ssh-ed25519',
  'ssh-rsa',
  'ecdsa-sha2-nistp256',
  'ecdsa-sha2-nistp384',
  'ecdsa-sha2-nistp521',
  'sk-ssh-ed25519@openssh.com',
  'sk-ecdsa-sha2-nistp256@openssh.com',
]);

/**
 * Parses one OpenSSH public key line (`type base64 [comment]`, as in `id_ed25519.pub`): the type must be one
 * OpenSSH accepts and the base64 blob must decode to a well-formed key of that type. Undefined otherwise.
 */
export function parseSshPublicKey(text: string): SshPublicKey | undefined {
  const parts = text.trim().split(/\s+/);
  const [type, data, ...comment] = parts;
  if (!type || !data || !KEY_TYPES.has(type)) return undefined;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(data) || data.length % 4 !== 0) return undefined;
  const blob = Buffer.from(data, 'base64');
  const reader = new BlobReader(blob);
  if (!validBlob(type, reader) || !reader.done) return undefined;
  const fingerprint = `SHA256:${createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`;
  return { type, normalised: [type, data, ...comment].join(' '), fingerprint };
}

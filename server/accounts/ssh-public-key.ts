import { createHash, createPublicKey } from 'node:crypto';
import sshpk from 'sshpk';

export interface SshPublicKey {
  type: string;
  /** `type base64 [comment]` with single spaces. */
  normalised: string;
  /** OpenSSH's `SHA256:…` fingerprint of the key blob. */
  fingerprint: string;
}

/** The key types OpenSSH accepts in authorized_keys (no DSA), with sshpk's name for the plain key's kind. */
const KEY_TYPES: Record<string, 'ed25519' | 'rsa' | 'ecdsa'> = {
  'ssh-ed25519': 'ed25519',
  'ssh-rsa': 'rsa',
  'ecdsa-sha2-nistp256': 'ecdsa',
  'ecdsa-sha2-nistp384': 'ecdsa',
  'ecdsa-sha2-nistp521': 'ecdsa',
  'sk-ssh-ed25519@openssh.com': 'ed25519',
  'sk-ecdsa-sha2-nistp256@openssh.com': 'ecdsa',
};

/** OpenSSH refuses smaller RSA keys. */
const MIN_RSA_BITS = 1024;

/** A length-prefixed SSH wire string at `offset`, and where the next begins. */
function wireString(blob: Buffer, offset: number): { value: Buffer; end: number } | undefined {
  if (offset + 4 > blob.length) return undefined;
  const end = offset + 4 + blob.readUInt32BE(offset);
  return end > blob.length ? undefined : { value: blob.subarray(offset + 4, end), end };
}

/**
 * A security key's blob (OpenSSH PROTOCOL.u2f: the plain key's fields, then a non-empty application string)
 * as the plain key's blob, which sshpk reads; sshpk 1.18 does not know the `sk-` types. Hand-written, on the
 * boundary of hostile input: it only splits the blob by its length prefixes (bounds checked) and leaves every
 * check of the key itself to sshpk and node:crypto.
 */
function plainBlobOfSecurityKey(type: string, blob: Buffer): Buffer | undefined {
  const plainType = type.replace(/^sk-/, '').replace(/@openssh\.com$/, '');
  const typeEnd = wireString(blob, 0)?.end ?? 0;
  let field: ReturnType<typeof wireString> = { value: blob.subarray(0, 0), end: typeEnd };
  // ed25519 has one field (the point), ECDSA two (the curve, the point).
  for (let i = 0; i < (plainType === 'ssh-ed25519' ? 1 : 2); i++)
    field = field && wireString(blob, field.end);
  const application = field && wireString(blob, field.end);
  if (!field || !application || application.value.length === 0 || application.end !== blob.length)
    return undefined;
  const typeField = Buffer.alloc(4 + plainType.length);
  typeField.writeUInt32BE(plainType.length);
  typeField.write(plainType, 4, 'latin1');
  return Buffer.concat([typeField, blob.subarray(typeEnd, field.end)]);
}

/** Whether `blob` is exactly one well-formed key of `type`, per sshpk and node:crypto's own checks. */
function validBlob(type: string, blob: Buffer): boolean {
  const plain = type.startsWith('sk-') ? plainBlobOfSecurityKey(type, blob) : blob;
  if (!plain) return false;
  try {
    const key = sshpk.parseKey(plain, 'rfc4253');
    // sshpk tolerates some malformed blobs (a short ed25519 key it pads, trailing bytes): the blob it would
    // write for the key must be the one given.
    if (!key.toBuffer('rfc4253', {}).equals(plain)) return false;
    if (key.type !== KEY_TYPES[type]) return false;
    if (key.type === 'rsa' && key.size < MIN_RSA_BITS) return false;
    // OpenSSL checks what sshpk does not: that an ECDSA point lies on its curve.
    createPublicKey(key.toString('pkcs8'));
    return true;
  } catch {
    return false;
  }
}

/**
 * Parses one OpenSSH public key line (`type base64 [comment]`, as in `id_ed25519.pub`): the type must be one
 * OpenSSH accepts and the base64 blob must decode to a well-formed key of that type. Undefined otherwise.
 */
export function parseSshPublicKey(text: string): SshPublicKey | undefined {
  const [type, data, ...comment] = text.trim().split(/\s+/);
  if (!type || !data || !Object.hasOwn(KEY_TYPES, type)) return undefined;
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(data) || data.length % 4 !== 0) return undefined;
  const blob = Buffer.from(data, 'base64');
  // The blob's own type must be the line's (sshpk would read an ed25519 blob under an `ssh-rsa` line).
  if (wireString(blob, 0)?.value.toString('latin1') !== type || !validBlob(type, blob)) return undefined;
  // OpenSSH's fingerprint hashes the whole blob, a security key's application string included, which the key
  // sshpk read for one does not hold.
  const fingerprint = `SHA256:${createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`;
  return { type, normalised: [type, data, ...comment].join(' '), fingerprint };
}

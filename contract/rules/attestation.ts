// Issue 16: the signed attestation of a build and how anyone checks an archive against it. Only web APIs
// (Web Crypto's Ed25519 and SHA-256), so that the /verify page in the browser and `npm run verify` in Node run
// the very same checks. The server signs in server/signing/; this side only verifies.

/** The `type` of every attestation payload; a future format gets a new one. */
export const ATTESTATION_TYPE = 'firmware-console/build-attestation/v1';

/** GET /api/files/firmwares/{uuid}/attestation: the signed JSON text, its signature and the signing key. */
export interface Attestation {
  /** The JSON text that was signed, byte for byte (UTF-8): verify these bytes, then parse them. */
  payload: string;
  /** Base64 of the 64-byte Ed25519 signature of `payload`'s UTF-8 bytes. */
  signature: string;
  key_id: string;
}

/** GET /api/signing-key: the current key, and every key the console has signed with (`keys`). */
export interface SigningKeyAnswer {
  algorithm: 'Ed25519';
  key_id: string;
  /** SPKI, PEM. */
  public_key: string;
  keys: { key_id: string; public_key: string; created_at: string }[];
}

export interface AttestationPayload {
  type: typeof ATTESTATION_TYPE;
  key_id: string;
  uuid: string;
  /** The archive's (the downloaded file's) sha256, hex, and size in bytes. */
  sha256: string;
  size: number;
  config_hash: string;
  release: {
    series: string;
    version: string;
    stage: string | null;
    tags: { repository: string; tag: string; commit: string | null }[];
  };
  model: string;
  series: string;
  platform: string;
  install_type: string;
  /** The build agent that built it. */
  agent: string;
  /** When the server accepted the artifact and signed (ISO 8601). */
  signed_at: string;
  /**
   * Issue 43: "upgrade" when the console signed a build finished before it made attestations
   * (`npm run admin -- --attest-existing`): `signed_at` is then the upgrade's time, and the signature vouches
   * for the file the console held then, not for what it saw at build time. Absent: signed at build time.
   */
  attested_by?: 'upgrade';
  /** With `attested_by`: when the build finished (ISO 8601). */
  built_at?: string;
}

/** Whether the attestation was made at an upgrade, for a build older than attestations (issue 43). */
export const attestedAtUpgrade = (payload: AttestationPayload) => payload.attested_by === 'upgrade';

/** The CLI's line for such an attestation (the page has its own, translated). */
export const upgradeNote = (payload: AttestationPayload) =>
  `attested at upgrade on ${payload.signed_at.slice(0, 10)}, not at build time` +
  (payload.built_at ? ` (built ${payload.built_at.slice(0, 10)})` : '');

/** What the archive's manifest.json says (the default builder writes it). */
export interface ArchiveManifest {
  uuid?: string;
  config_hash?: string;
  files?: { path: string; size?: number; sha256: string }[];
}

/** What was read of an archive: its digest and size, its manifest, and each file's sha256 by its path. */
export interface ArchiveFacts {
  sha256: string;
  size: number;
  /** The archive's top folder (the builder packs everything under `<uuid>/`). */
  root?: string;
  manifest?: ArchiveManifest;
  /** Paths relative to the top folder. */
  files: Map<string, string>;
}

export type ProblemCode =
  | 'unknown_key'
  | 'bad_signature'
  | 'bad_payload'
  | 'archive_changed'
  | 'file_changed'
  | 'file_missing'
  | 'file_added'
  | 'manifest_mismatch';

export interface Problem {
  code: ProblemCode;
  /** The file concerned (file_*), or the manifest field (manifest_mismatch). */
  path?: string;
}

export interface Verdict {
  valid: boolean;
  problems: Problem[];
  /** The signed payload, once its signature verified. */
  payload?: AttestationPayload;
  /** The archive has no manifest.json (an operator's BUILD_COMMAND): only its digest was checked. */
  noManifest: boolean;
}

export const MANIFEST_FILE = 'manifest.json';

const PROBLEM_TEXT: Record<ProblemCode, string> = {
  unknown_key: 'the attestation was signed by a key this console does not list',
  bad_signature: 'the attestation was altered: its signature does not match',
  bad_payload: 'the attestation does not describe this build',
  archive_changed: "the archive's sha256 or size differs from the attested one",
  file_changed: 'a file differs from its hash in the manifest',
  file_missing: 'a file of the manifest is missing',
  file_added: 'a file not in the manifest was added',
  manifest_mismatch: 'the manifest differs from the attestation',
};

/** One English line per problem (the CLI's; the page has its own, translated). */
export const describeProblem = (problem: Problem) =>
  `${PROBLEM_TEXT[problem.code]}${problem.path ? `: ${problem.path}` : ''}`;

export function pemToDer(pem: string): Uint8Array<ArrayBuffer> {
  const body = pem.replace(/-----(BEGIN|END) [A-Z ]+-----/g, '').replace(/\s+/g, '');
  return base64ToBytes(body);
}

export function base64ToBytes(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function hex(bytes: ArrayBuffer): string {
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('');
}

export async function sha256Hex(data: Uint8Array<ArrayBuffer>): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', data));
}

/** Whether `signature` is an Ed25519 signature of `payload`'s UTF-8 bytes by the SPKI PEM key. */
export async function verifySignature(attestation: Attestation, publicKeyPem: string): Promise<boolean> {
  try {
    const key = await crypto.subtle.importKey('spki', pemToDer(publicKeyPem), { name: 'Ed25519' }, false, [
      'verify',
    ]);
    return await crypto.subtle.verify(
      { name: 'Ed25519' },
      key,
      base64ToBytes(attestation.signature),
      new TextEncoder().encode(attestation.payload),
    );
  } catch {
    return false;
  }
}

const PROBE_KEY = 'MCowBQYDK2VwAyEANbEm3nWVvcek3kQZatGvEM7jA/p69fBXGpI/jRlP4wI=';

/** Whether this runtime's Web Crypto has Ed25519 (current Chromium, Firefox, Safari and Node do). */
export async function ed25519Supported(): Promise<boolean> {
  try {
    await crypto.subtle.importKey('spki', base64ToBytes(PROBE_KEY), { name: 'Ed25519' }, false, ['verify']);
    return true;
  } catch {
    return false;
  }
}

function parsePayload(text: string, keyId: string): AttestationPayload | undefined {
  try {
    const payload = JSON.parse(text) as AttestationPayload;
    if (payload?.type !== ATTESTATION_TYPE || payload.key_id !== keyId) return undefined;
    if (typeof payload.sha256 !== 'string' || typeof payload.size !== 'number') return undefined;
    return payload;
  } catch {
    return undefined;
  }
}

function manifestProblems(archive: ArchiveFacts, payload: AttestationPayload): Problem[] {
  const manifest = archive.manifest;
  if (!manifest) return [];
  const problems: Problem[] = [];
  if (manifest.uuid !== undefined && manifest.uuid !== payload.uuid)
    problems.push({ code: 'manifest_mismatch', path: 'uuid' });
  if (manifest.config_hash !== undefined && manifest.config_hash !== payload.config_hash)
    problems.push({ code: 'manifest_mismatch', path: 'config_hash' });
  const listed = new Set<string>();
  for (const file of manifest.files ?? []) {
    listed.add(file.path);
    const actual = archive.files.get(file.path);
    if (actual === undefined) problems.push({ code: 'file_missing', path: file.path });
    else if (actual !== file.sha256) problems.push({ code: 'file_changed', path: file.path });
  }
  for (const path of archive.files.keys())
    if (path !== MANIFEST_FILE && !listed.has(path)) problems.push({ code: 'file_added', path });
  return problems;
}

/**
 * Checks an archive against its attestation: the signature (by a listed key), then the archive's sha256 and
 * size against the signed ones, then every file against the manifest's hash and the manifest against the
 * signed uuid and config_hash. Valid only when all hold.
 */
export async function verifyArchive(
  archive: ArchiveFacts,
  attestation: Attestation,
  keys: { key_id: string; public_key: string }[],
): Promise<Verdict> {
  const noManifest = archive.manifest === undefined;
  const key = keys.find((k) => k.key_id === attestation.key_id);
  if (!key) return { valid: false, problems: [{ code: 'unknown_key' }], noManifest };
  if (!(await verifySignature(attestation, key.public_key)))
    return { valid: false, problems: [{ code: 'bad_signature' }], noManifest };
  const payload = parsePayload(attestation.payload, attestation.key_id);
  if (!payload) return { valid: false, problems: [{ code: 'bad_payload' }], noManifest };
  const problems: Problem[] = [];
  if (archive.sha256 !== payload.sha256 || archive.size !== payload.size)
    problems.push({ code: 'archive_changed' });
  problems.push(...manifestProblems(archive, payload));
  return { valid: problems.length === 0, problems, payload, noManifest };
}

/** The uuid an archive names: its manifest's, or its top folder's. */
export function archiveUuid(archive: ArchiveFacts): string | undefined {
  const candidate = archive.manifest?.uuid ?? archive.root;
  return candidate && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(candidate)
    ? candidate.toLowerCase()
    : undefined;
}

// @vitest-environment node
// Web Crypto's Ed25519 and DecompressionStream, as in the browser: Node's own, not jsdom's.
import { createHash, generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { packEntries } from '../../agent/tar';
import {
  ATTESTATION_TYPE,
  type Attestation,
  archiveUuid,
  describeProblem,
  verifyArchive,
  verifySignature,
} from './attestation';
import { NotAnArchiveError, readFirmwareArchive } from './firmware-archive';

const UUID = '0b6e1f5c-3c1c-4d5e-9a55-1f5e3b2a9c01';
const sha = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

function keyPair(id: string) {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return { id, privateKey, public_key: publicKey.export({ type: 'spki', format: 'pem' }).toString() };
}

async function archive(files: Record<string, string>, manifestFiles = files, configHash = 'c'.repeat(64)) {
  const manifest = {
    uuid: UUID,
    config_hash: configHash,
    files: Object.entries(manifestFiles).map(([path, text]) => ({
      path,
      size: text.length,
      sha256: sha(text),
    })),
  };
  const all = { ...files, 'manifest.json': JSON.stringify(manifest) };
  const entries = Object.entries(all).map(([path, text]) => ({
    path: `${UUID}/${path}`,
    type: 'file' as const,
    mode: 0o644,
    mtime: 1_700_000_000,
    data: Buffer.from(text),
  }));
  const chunks: Buffer[] = [];
  for await (const chunk of packEntries(entries)) chunks.push(chunk);
  return new Uint8Array(gzipSync(Buffer.concat(chunks)));
}

function attest(bytes: Uint8Array, key: { id: string; privateKey: KeyObject }, extra = {}): Attestation {
  const payload = JSON.stringify({
    type: ATTESTATION_TYPE,
    key_id: key.id,
    uuid: UUID,
    sha256: sha(Buffer.from(bytes)),
    size: bytes.length,
    config_hash: 'c'.repeat(64),
    release: { series: 'x19', version: '1.2.0', stage: 'stable', tags: [] },
    model: 'Antminer S19',
    series: 'x19',
    platform: 'xil',
    install_type: 'upgrade',
    agent: 'embedded',
    signed_at: '2026-01-01T00:00:00.000Z',
    ...extra,
  });
  return {
    payload,
    signature: sign(null, Buffer.from(payload), key.privateKey).toString('base64'),
    key_id: key.id,
  };
}

const FILES = { 'config/pools.json': '{"pools":[]}', 'firmware/VERSION': '1.2.0\n' };

describe('attestations (issue 16)', () => {
  it('an Ed25519 signature made by node:crypto verifies with Web Crypto; any altered byte does not', async () => {
    const key = keyPair('k1');
    const good = attest(new Uint8Array([1, 2, 3]), key);
    expect(await verifySignature(good, key.public_key)).toBe(true);
    const altered = { ...good, payload: good.payload.replace('"size":3', '"size":4') };
    expect(await verifySignature(altered, key.public_key)).toBe(false);
    expect(await verifySignature(good, keyPair('k2').public_key)).toBe(false);
    expect(await verifySignature({ ...good, signature: 'not base64!' }, key.public_key)).toBe(false);
  });

  it('reads an archive: digest, size, top folder, manifest and every file hash', async () => {
    const bytes = await archive(FILES);
    const facts = await readFirmwareArchive(bytes);
    expect(facts.sha256).toBe(sha(Buffer.from(bytes)));
    expect(facts.size).toBe(bytes.length);
    expect(facts.root).toBe(UUID);
    expect(archiveUuid(facts)).toBe(UUID);
    expect(facts.files.get('config/pools.json')).toBe(sha(FILES['config/pools.json']));
    expect(facts.manifest?.files?.map((f) => f.path)).toEqual(Object.keys(FILES));
    await expect(readFirmwareArchive(new TextEncoder().encode('x'.repeat(1500)))).rejects.toThrow(
      NotAnArchiveError,
    );
  });

  it('an untouched archive is valid', async () => {
    const key = keyPair('k1');
    const bytes = await archive(FILES);
    const verdict = await verifyArchive(await readFirmwareArchive(bytes), attest(bytes, key), [
      { key_id: 'k1', public_key: key.public_key },
    ]);
    expect(verdict).toMatchObject({ valid: true, problems: [], noManifest: false });
    expect(verdict.payload?.model).toBe('Antminer S19');
  });

  it('a file changed inside (and repacked) is refused, naming the file', async () => {
    const key = keyPair('k1');
    const original = await archive(FILES);
    const tampered = await archive({ ...FILES, 'config/pools.json': '{"pools":["thief"]}' }, FILES);
    const verdict = await verifyArchive(await readFirmwareArchive(tampered), attest(original, key), [
      { key_id: 'k1', public_key: key.public_key },
    ]);
    expect(verdict.valid).toBe(false);
    expect(verdict.problems).toEqual([
      { code: 'archive_changed' },
      { code: 'file_changed', path: 'config/pools.json' },
    ]);
    expect(describeProblem(verdict.problems[1])).toBe(
      'a file differs from its hash in the manifest: config/pools.json',
    );
  });

  it('an added file, a manifest of another configuration, a forged payload and an unknown key are refused', async () => {
    const key = keyPair('k1');
    const keys = [{ key_id: 'k1', public_key: key.public_key }];
    const bytes = await archive(FILES);
    const added = await archive({ ...FILES, 'bin/miner-patch': 'x' }, FILES);
    expect(
      (await verifyArchive(await readFirmwareArchive(added), attest(added, key), keys)).problems,
    ).toEqual([{ code: 'file_added', path: 'bin/miner-patch' }]);
    const other = await archive(FILES, FILES, 'd'.repeat(64));
    expect(
      (await verifyArchive(await readFirmwareArchive(other), attest(other, key), keys)).problems,
    ).toEqual([{ code: 'manifest_mismatch', path: 'config_hash' }]);
    const facts = await readFirmwareArchive(bytes);
    const good = attest(bytes, key);
    const forged = { ...good, payload: good.payload.replace('Antminer S19', 'Antminer S21') };
    expect((await verifyArchive(facts, forged, keys)).problems).toEqual([{ code: 'bad_signature' }]);
    expect((await verifyArchive(facts, { ...good, key_id: 'k9' }, keys)).problems).toEqual([
      { code: 'unknown_key' },
    ]);
  });

  it('an attestation by a key rotated out still verifies while the key is listed', async () => {
    const old = keyPair('old');
    const fresh = keyPair('new');
    const bytes = await archive(FILES);
    const keys = [
      { key_id: 'old', public_key: old.public_key },
      { key_id: 'new', public_key: fresh.public_key },
    ];
    expect((await verifyArchive(await readFirmwareArchive(bytes), attest(bytes, old), keys)).valid).toBe(
      true,
    );
    expect((await verifyArchive(await readFirmwareArchive(bytes), attest(bytes, fresh), keys)).valid).toBe(
      true,
    );
  });
});

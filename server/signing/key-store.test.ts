import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { getSetting } from '../platform/db/settings-repository';
import { createTestApp } from '../test/helper';
import { sharedWorld } from '../test/shared-world';
import { attestationPayload, signPayload, verifyAttestation } from './attestation';
import { generateSigningKeyPem, KeyStore, RotationRefusedError, SIGNING_KEY_SETTING } from './key-store';

const t = sharedWorld(createTestApp);

const facts = {
  build: {
    uuid: '0b6e1f5c-3c1c-4d5e-9a55-1f5e3b2a9c01',
    model: 'Antminer S19',
    series: 'x19',
    platform: 'xil',
    install_type: 'upgrade',
    release_version: '1.2.0',
    stage: 'stable' as const,
    config_hash: 'c0ffee',
  },
  spec: {
    release: { id: 1, series: 'x19', version: '1.2.0', stage: 'stable', tags: [] },
    pools: [],
    ssh_keys: [],
    logo: null,
    license: null,
    options: {},
  } as never,
  artifact: { sha256: 'a'.repeat(64), size: 10 },
  agent: 'embedded',
  commits: new Map<string, string>(),
  signedAt: new Date('2026-01-01T00:00:00Z'),
};

describe('the signing key (issue 16)', () => {
  it('is made on first start, kept in the settings table and shared by every instance', async () => {
    // The app made it on start.
    const stored = await getSetting(t.db, SIGNING_KEY_SETTING);
    expect(stored).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    const one = await new KeyStore(t.db).current();
    const two = await new KeyStore(t.db).current();
    expect(two.keyId).toBe(one.keyId);
    expect(one.keyId).toMatch(/^[0-9a-f]{16}$/);
    expect(one.publicKey).toMatch(/^-----BEGIN PUBLIC KEY-----/);
    expect(one.privateKey.asymmetricKeyType).toBe('ed25519');
    expect((await new KeyStore(t.db).publicKeys()).map((k) => k.key_id)).toContain(one.keyId);
  });

  it('signs payloads that verify with its public key, and not once altered', async () => {
    const key = await new KeyStore(t.db).current();
    const signed = signPayload(attestationPayload(facts, key.keyId), key);
    expect(JSON.parse(signed.payload)).toMatchObject({ uuid: facts.build.uuid, key_id: key.keyId, size: 10 });
    expect(verifyAttestation(signed, key.publicKey)).toBe(true);
    expect(
      verifyAttestation(
        { ...signed, payload: signed.payload.replace('"size":10', '"size":11') },
        key.publicKey,
      ),
    ).toBe(false);
  });

  it('rotates: a new key signs from then on on every instance, the old public key stays listed', async () => {
    const a = new KeyStore(t.db);
    const b = new KeyStore(t.db);
    const before = await b.current();
    const oldSigned = signPayload(attestationPayload(facts, before.keyId), before);
    const after = await a.rotate();
    expect(after.keyId).not.toBe(before.keyId);
    // The other instance follows at its next signature.
    expect((await b.current()).keyId).toBe(after.keyId);
    const listed = await b.publicKeys();
    expect(listed.map((k) => k.key_id)).toEqual(expect.arrayContaining([before.keyId, after.keyId]));
    const old = listed.find((k) => k.key_id === oldSigned.key_id);
    expect(old && verifyAttestation(oldSigned, old.public_key)).toBe(true);
  });

  it('takes SIGNING_KEY (PKCS#8 PEM) instead, lists it, and refuses to rotate it', async () => {
    const pem = generateSigningKeyPem();
    const store = new KeyStore(t.db, pem);
    const key = await store.current();
    expect(store.fromEnvironment).toBe(true);
    expect(key.keyId).not.toBe((await new KeyStore(t.db).current()).keyId);
    expect((await store.publicKeys()).map((k) => k.key_id)).toContain(key.keyId);
    await expect(store.rotate()).rejects.toThrow(RotationRefusedError);
  });

  it('refuses a SIGNING_KEY that is not an Ed25519 private key', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' })
      .toString();
    expect(() => new KeyStore(t.db, rsa)).toThrow(/must be an Ed25519 key/);
    expect(() => new KeyStore(t.db, 'not a key')).toThrow(/not a PEM private key/);
  });
});

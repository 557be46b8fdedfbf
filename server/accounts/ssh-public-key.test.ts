import { describe, expect, it } from 'vitest';
import { parseSshPublicKey } from './ssh-public-key';

// Made with ssh-keygen (-t ed25519, -t rsa -b 2048, -t ecdsa -b 384).
const ED25519 = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGHXMEDJ1qylt4mmeU414RkFm0ZeCKic9uXL9yJBWKxw me@laptop';
const RSA =
  'ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQCdJJqzWeQ/OznHEVYPOqsmfgcANjHWWq8ePgkIG4+5iC2117Sj7aOlqpAFvBL/prKrSWiW/dOR08onYITg/0F3b9SSM4Ia9QMTIw+rCqXPWxYobOz1Pvcvr5AOmtGAashETb8mN3C2KFXnYF80Pwqy9tveJdbXavTrIfl9w+L4Xz68TIfHdfOp0Q2noCHpz1gyyHJAahvG74/hnwFA1MY3HOSasbUUVvnaH2WjXKbsK1GxLs9j7Cv3GOuQhuGlZZhUENbcs5L8P3bsVqmlyFECmViBcG6qzqDnb+JQS7XBkpVifqCicg7NZpfvqRBO1odpavX/B0KnkHyuBQ2l5/ft root@vm';
const ECDSA =
  'ecdsa-sha2-nistp384 AAAAE2VjZHNhLXNoYTItbmlzdHAzODQAAAAIbmlzdHAzODQAAABhBKoW1Y7bToWjKuORaOaesvegAlbEahJkx9uWqGKnx7urlGFh6UeYqt0Lf7KjpmcU1dztbTOGRNhZjcJ2d0R4AyY6kx6UBQI9goJTz2XZbkrbk7+7GbFWm6kNnrk6zpshBw== root@vm';

describe('parseSshPublicKey', () => {
  it('accepts the keys ssh-keygen makes, with the fingerprint ssh-keygen prints', () => {
    expect(parseSshPublicKey(ED25519)).toEqual({
      type: 'ssh-ed25519',
      normalised: ED25519,
      fingerprint: 'SHA256:qyvRiS6emVxmt44wRIQJIhsKIC0Jwa9GyX8U/ELG/hU',
    });
    expect(parseSshPublicKey(RSA)?.type).toBe('ssh-rsa');
    expect(parseSshPublicKey(ECDSA)?.type).toBe('ecdsa-sha2-nistp384');
  });

  it('normalises white space and keeps the comment', () => {
    const [type, data] = ED25519.split(' ');
    const parsed = parseSshPublicKey(`  ${type}\t${data}   my  laptop \n`);
    expect(parsed?.normalised).toBe(`${type} ${data} my laptop`);
    expect(parsed?.fingerprint).toBe(parseSshPublicKey(`${type} ${data}`)?.fingerprint);
  });

  it('refuses what is not a well-formed public key', () => {
    const [, data] = ED25519.split(' ');
    const bad = [
      '',
      'hello world',
      'ssh-ed25519',
      `ssh-dss ${data}`,
      `ssh-rsa ${data}`, // the blob says ed25519
      `ssh-ed25519 ${data.slice(0, -4)}`, // truncated
      `ssh-ed25519 ${data}AAAA`, // trailing bytes
      'ssh-ed25519 not*base64',
      '-----BEGIN OPENSSH PRIVATE KEY-----',
    ];
    for (const text of bad) expect(parseSshPublicKey(text), text).toBeUndefined();
  });
});

describe('parseSshPublicKey, on key material', () => {
  const wire = (...fields: (string | Buffer)[]) =>
    Buffer.concat(
      fields.map((field) => {
        const value = Buffer.from(field);
        const length = Buffer.alloc(4);
        length.writeUInt32BE(value.length);
        return Buffer.concat([length, value]);
      }),
    ).toString('base64');
  const [, ed25519Data] = ED25519.split(' ');
  const point = Buffer.from(ed25519Data, 'base64').subarray(-32);

  it("accepts a security key's (FIDO) ed25519 key, fingerprinting its whole blob", () => {
    const data = wire('sk-ssh-ed25519@openssh.com', point, 'ssh:');
    const parsed = parseSshPublicKey(`sk-ssh-ed25519@openssh.com ${data} me@key`);
    expect(parsed?.type).toBe('sk-ssh-ed25519@openssh.com');
    expect(parsed?.fingerprint).not.toBe(parseSshPublicKey(ED25519)?.fingerprint);
    expect(
      parseSshPublicKey(`sk-ssh-ed25519@openssh.com ${wire('sk-ssh-ed25519@openssh.com', point, '')}`),
    ).toBe(undefined);
  });

  it('refuses a short ed25519 key, an ECDSA point off its curve and an RSA key under 1024 bits', () => {
    expect(parseSshPublicKey(`ssh-ed25519 ${wire('ssh-ed25519', point.subarray(1))}`)).toBeUndefined();
    const offCurve = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]);
    expect(
      parseSshPublicKey(`ecdsa-sha2-nistp256 ${wire('ecdsa-sha2-nistp256', 'nistp256', offCurve)}`),
    ).toBeUndefined();
    const modulus = Buffer.concat([Buffer.from([0]), Buffer.alloc(96, 0xc3)]); // 768 bits
    expect(parseSshPublicKey(`ssh-rsa ${wire('ssh-rsa', Buffer.from([1, 0, 1]), modulus)}`)).toBeUndefined();
  });
});

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

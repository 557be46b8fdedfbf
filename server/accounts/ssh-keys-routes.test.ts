import { describe, expect, it } from 'vitest';
import { sshKeys } from '../platform/db/schema';
import {
  createSignedIn,
  createTestApp,
  expectBodyIssues,
  expectError,
  expectValidationError,
  request,
} from '../test/helper';
import { sharedWorld } from '../test/shared-world';

// Made with ssh-keygen.
const ED25519 = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGHXMEDJ1qylt4mmeU414RkFm0ZeCKic9uXL9yJBWKxw me@laptop';
const ECDSA =
  'ecdsa-sha2-nistp384 AAAAE2VjZHNhLXNoYTItbmlzdHAzODQAAAAIbmlzdHAzODQAAABhBKoW1Y7bToWjKuORaOaesvegAlbEahJkx9uWqGKnx7urlGFh6UeYqt0Lf7KjpmcU1dztbTOGRNhZjcJ2d0R4AyY6kx6UBQI9goJTz2XZbkrbk7+7GbFWm6kNnrk6zpshBw== root@vm';
const RSA =
  'ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQCdJJqzWeQ/OznHEVYPOqsmfgcANjHWWq8ePgkIG4+5iC2117Sj7aOlqpAFvBL/prKrSWiW/dOR08onYITg/0F3b9SSM4Ia9QMTIw+rCqXPWxYobOz1Pvcvr5AOmtGAashETb8mN3C2KFXnYF80Pwqy9tveJdbXavTrIfl9w+L4Xz68TIfHdfOp0Q2noCHpz1gyyHJAahvG74/hnwFA1MY3HOSasbUUVvnaH2WjXKbsK1GxLs9j7Cv3GOuQhuGlZZhUENbcs5L8P3bsVqmlyFECmViBcG6qzqDnb+JQS7XBkpVifqCicg7NZpfvqRBO1odpavX/B0KnkHyuBQ2l5/ft root@vm';

const URL = '/api/client/firmware/firmware_ssh_key';

const t = sharedWorld(createTestApp);

const list = (token: string) => request(t.app, { url: URL, token });
const add = (token: string, body: unknown) => request(t.app, { method: 'POST', url: URL, token, body });
const put = (token: string, id: number | string, body: unknown) =>
  request(t.app, { method: 'PUT', url: `${URL}?id=${id}`, token, body });
const remove = (token: string, id: number | string) =>
  request(t.app, { method: 'DELETE', url: `${URL}?id=${id}`, token });
const keyCount = async () => (await t.db.select().from(sshKeys)).length;

describe('SSH keys', () => {
  it('are added, listed, renamed, replaced and deleted', async () => {
    const { token } = await createSignedIn(t.app, t.db);
    expect((await list(token)).json()).toEqual([]);

    const created = await add(token, { name: ' laptop ', key: `  ${ED25519}\n` });
    expect(created.statusCode, created.body).toBe(201);
    const laptop = created.json();
    expect(laptop).toEqual({ id: expect.any(Number), name: 'laptop', key: ED25519 });
    const server = (await add(token, { name: 'server', key: ECDSA })).json();
    expect((await list(token)).json()).toEqual([laptop, server]);

    const renamed = await put(token, laptop.id, { name: 'old laptop' });
    expect(renamed.json()).toEqual({ ...laptop, name: 'old laptop' });
    const replaced = await put(token, server.id, { key: RSA });
    expect(replaced.json()).toEqual({ ...server, key: RSA });
    // Saving a key unchanged is not a clash with itself.
    expect((await put(token, server.id, { name: 'server', key: RSA })).statusCode).toBe(200);

    expect((await remove(token, laptop.id)).statusCode).toBe(204);
    expect((await list(token)).json()).toEqual([{ ...server, key: RSA }]);
  });

  it('are private to their account: another account gets 404 and sees none', async () => {
    const owner = await createSignedIn(t.app, t.db);
    const other = await createSignedIn(t.app, t.db);
    const key = (await add(owner.token, { name: 'mine', key: ED25519 })).json();
    expect((await list(other.token)).json()).toEqual([]);
    expectError(await put(other.token, key.id, { name: 'stolen' }), 404, 'SSH key not found');
    expectError(await remove(other.token, key.id), 404, 'SSH key not found');
    expect((await list(owner.token)).json()).toEqual([key]);
    // The same key and name are fine for another account.
    expect((await add(other.token, { name: 'mine', key: ED25519 })).statusCode).toBe(201);
  });

  it('refuses duplicated names and keys with the spec messages, writing nothing', async () => {
    const { token } = await createSignedIn(t.app, t.db);
    const first = (await add(token, { name: 'laptop', key: ED25519 })).json();
    const second = (await add(token, { name: 'server', key: ECDSA })).json();
    const before = await keyCount();

    const both = await add(token, { name: 'laptop', key: ED25519.replace('me@laptop', 'other comment') });
    expectBodyIssues(both, [
      ['name', 'key name is duplicated'],
      ['key', 'key is duplicated'],
    ]);
    expect(expectValidationError(await put(token, second.id, { name: 'laptop' }), 'name').msg).toBe(
      'key name is duplicated',
    );
    expect(expectValidationError(await put(token, second.id, { key: first.key }), 'key').msg).toBe(
      'key is duplicated',
    );
    expect(await keyCount()).toBe(before);
    expect((await list(token)).json()).toEqual([first, second]);
  });

  it('refuses empty names and keys, and text that is no OpenSSH public key', async () => {
    const { token } = await createSignedIn(t.app, t.db);
    const before = await keyCount();
    const empty = await add(token, { name: '  ', key: '' });
    expectBodyIssues(empty, [
      ['name', 'min len 1'],
      ['key', 'min len 1'],
    ]);
    for (const key of [
      'hello',
      'ssh-dss AAAAB3NzaC1kc3M=',
      ED25519.slice(0, 60),
      '-----BEGIN OPENSSH PRIVATE KEY-----',
    ]) {
      expect(expectValidationError(await add(token, { name: 'bad', key }), 'key').msg).toMatch(
        /^Invalid SSH public key/,
      );
    }
    expect(expectValidationError(await add(token, { name: 'x'.repeat(65), key: ED25519 }), 'name').msg).toBe(
      'Must be at most 64 characters',
    );
    expectValidationError(await add(token, { name: 'a' }), 'key');
    expectValidationError(await add(token, { name: 'a', key: ED25519, extra: 1 }), 'extra');
    const key = (await add(token, { name: 'ok', key: ED25519 })).json();
    expect(expectValidationError(await put(token, key.id, {}), 'body').msg).toBe(
      'At least one field is required',
    );
    expect(expectValidationError(await put(token, key.id, { key: ' ' }), 'key').msg).toBe('min len 1');
    expect(await keyCount()).toBe(before + 1);
  });

  it('answers 404 for unknown ids and 422 for malformed ones, and needs a signed-in account', async () => {
    const { token } = await createSignedIn(t.app, t.db);
    expectError(await remove(token, 999999), 404);
    expectValidationError(await remove(token, 'abc'), 'id');
    expectError(await request(t.app, { url: URL }), 401);
  });
});

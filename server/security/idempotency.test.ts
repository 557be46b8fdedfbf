import { describe, expect, it } from 'vitest';
import { buildBody, createBuildWorld, createSet, rowCounts } from '../test/build-fixtures';
import { expectValidationError, request } from '../test/helper';
import { sharedWorld } from '../test/shared-world';

// Issue 15, item 1: a second click 0.6 s after the first made two identical builds. A creating POST with an
// Idempotency-Key is now done once: the repeat answers the first result.
const w = sharedWorld(createBuildWorld);

const post = (url: string, body: unknown, key?: string, token = w.partner.token) =>
  request(w.t.app, {
    method: 'POST',
    url: `/api${url}`,
    token,
    body,
    headers: key ? { 'idempotency-key': key } : {},
  });

describe('Idempotency-Key', () => {
  it('makes one build of two submissions with the same key, and answers the first result to both', async () => {
    const set = await createSet(w, w.partner.token, 'Idem farm');
    const before = await rowCounts(w.t.db);
    const body = buildBody(w, set.id);
    const [first, second] = [
      await post('/client/firmware/firmwares', body, 'form-1'),
      await post('/client/firmware/firmwares', body, 'form-1'),
    ];
    expect(first.statusCode, first.body).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect((await rowCounts(w.t.db)).builds).toBe(before.builds + 1);

    // Another submission (a new key) builds again; so does one without a key.
    expect((await post('/client/firmware/firmwares', body, 'form-2')).statusCode).toBe(201);
    expect((await rowCounts(w.t.db)).builds).toBe(before.builds + 2);
  });

  it('creates one set for a repeated set creation', async () => {
    const before = await rowCounts(w.t.db);
    const a = await post('/client/firmware/groups', { name: 'Twice clicked' }, 'set-1');
    const b = await post('/client/firmware/groups', { name: 'Twice clicked' }, 'set-1');
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.json()).toEqual(a.json());
    expect((await rowCounts(w.t.db)).sets).toBe(before.sets + 1);
  });

  it('answers a replayed 201 with the Location of the first answer (issue 38)', async () => {
    const a = await post('/client/firmware/groups', { name: 'Located twice' }, 'set-location');
    const b = await post('/client/firmware/groups', { name: 'Located twice' }, 'set-location');
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.headers.location).toMatch(/^\/api\/client\/firmware\/groups\/\d+$/);
    expect(b.headers['idempotent-replayed']).toBe('true');
    expect(b.headers.location).toBe(a.headers.location);
  });

  it('lets a refused request be sent again with the same key, and refuses the key on another request', async () => {
    const refused = await post('/client/firmware/groups', { name: 'x' }, 'set-2');
    expectValidationError(refused, 'name');
    const fixed = await post('/client/firmware/groups', { name: 'Fixed name' }, 'set-2');
    expect(fixed.statusCode, fixed.body).toBe(201);
    const other = await post('/client/firmware/groups', { name: 'Another name' }, 'set-2');
    expectValidationError(other, 'idempotency-key');
  });

  it('keeps keys per account: another partner using the same key creates its own set', async () => {
    const mine = await post('/client/firmware/groups', { name: 'Shared key A' }, 'same-key');
    const theirs = await post('/client/firmware/groups', { name: 'Shared key A' }, 'same-key', w.other.token);
    expect([mine.statusCode, theirs.statusCode]).toEqual([201, 201]);
    expect(theirs.json().id).not.toBe(mine.json().id);
  });
});

// Issue 17: before a release, a license or a model is removed or blocked, how many builds use it.
import { beforeAll, describe, expect, it } from 'vitest';
import { api, buildBody, createBuildWorld, createSet, submit } from '../test/build-fixtures';
import { createSignedIn } from '../test/helper';
import { sharedWorld } from '../test/shared-world';

const w = sharedWorld(createBuildWorld);

beforeAll(async () => {
  // Two sets on x19v1 (three builds), one build on x19v2; one more on x19v1 is removed.
  const a = await createSet(w, w.partner.token, 'impact-a');
  const b = await createSet(w, w.other.token, 'impact-b');
  await submit(w, w.partner.token, buildBody(w, a.id));
  await submit(w, w.partner.token, buildBody(w, a.id, { model: 'S19j Pro' }));
  await submit(w, w.other.token, buildBody(w, b.id));
  await submit(w, w.other.token, buildBody(w, b.id, { release_id: w.releases.x19v2 }));
  const removed = await submit(w, w.other.token, buildBody(w, b.id));
  const res = await api(w, 'DELETE', `/client/firmware/firmwares/${removed.id}`, w.other.token);
  expect(res.statusCode, res.body).toBe(204);
});

const impact = (query: string, token = w.admin.token) => api(w, 'GET', `/admin/impact?${query}`, token);

describe('GET /api/admin/impact', () => {
  it('counts the live builds, their sets and the queued ones that use a release', async () => {
    const res = await impact(`release=${w.releases.x19v1}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ builds: 3, sets: 2, queued: 3 });
    expect((await impact(`release=${w.releases.x21v1}`)).json()).toEqual({ builds: 0, sets: 0, queued: 0 });
  });

  it('counts by license and by model', async () => {
    expect((await impact(`license=${w.licenseId}`)).json()).toEqual({ builds: 4, sets: 2, queued: 4 });
    expect((await impact('model=S19j%20Pro')).json()).toEqual({ builds: 1, sets: 1, queued: 1 });
  });

  it('needs exactly one of release, license or model', async () => {
    for (const query of ['', `release=1&license=${w.licenseId}`]) {
      const res = await impact(query);
      expect(res.statusCode).toBe(422);
      expect(res.json().detail[0].msg).toBe('Give exactly one of release, license or model');
    }
  });

  it('is refused to partners', async () => {
    expect((await impact(`release=${w.releases.x19v1}`, w.partner.token)).statusCode).toBe(403);
    const developer = await createSignedIn(w.t.app, w.t.db, { role: 'developer' });
    expect((await impact(`release=${w.releases.x19v1}`, developer.token)).statusCode).toBe(200);
  });
});

// Issue 37, item 2.6: "Upgrade all" says how many builds it will queue, and leaves cancelled builds alone
// unless asked (include_cancelled).
import { describe, expect, it } from 'vitest';
import { api, buildBody, createSet, submit } from '../test/build-fixtures';
import { stageBuild } from '../test/build-states';
import { createSetWorld } from '../test/set-fixtures';
import { sharedWorld } from '../test/shared-world';

const w = sharedWorld(createSetWorld);
const GROUPS = '/client/firmware/groups';

type Build = { id: number; status: string; release_id: number };

describe('upgrade all and cancelled builds', () => {
  it('counts what it would queue, skips cancelled builds, and takes them when asked', async () => {
    const set = await createSet(w, w.partner.token, 'Upgrade-cancelled');
    const [done, cancelled, pending] = [
      await submit(w, w.partner.token, buildBody(w, set.id)),
      await submit(w, w.partner.token, buildBody(w, set.id, { model: 'S19j Pro' })),
      await submit(w, w.partner.token, buildBody(w, set.id, { model: 'S19' })),
    ];
    await stageBuild(w.t.db, done.id, { status: 'done' });
    const cancel = await api(w, 'POST', `/client/firmware/tasks/${cancelled.id}/cancel`, w.partner.token);
    expect(cancel.statusCode, cancel.body).toBe(200);
    const builds = async () =>
      (await api(w, 'GET', `/client/firmware/firmwares?group_id=${set.id}`, w.partner.token)).json<Build[]>();
    const byId = async (id: number) => (await builds()).find((b) => b.id === id);

    const preview = await api(w, 'GET', `${GROUPS}/${set.id}/upgrade`, w.partner.token);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json()).toEqual({ builds: 2, cancelled: 1 });

    const upgraded = await api(w, 'POST', `${GROUPS}/${set.id}/upgrade`, w.partner.token);
    expect(upgraded.statusCode, upgraded.body).toBe(200);
    expect(await byId(done.id)).toMatchObject({ release_id: w.releases.x19v2, status: 'pending' });
    expect(await byId(pending.id)).toMatchObject({ release_id: w.releases.x19v2 });
    expect(await byId(cancelled.id)).toMatchObject({ release_id: w.releases.x19v1, status: 'cancelled' });
    expect((await api(w, 'GET', `${GROUPS}/${set.id}/upgrade`, w.partner.token)).json()).toEqual({
      builds: 0,
      cancelled: 1,
    });

    const asked = await api(w, 'POST', `${GROUPS}/${set.id}/upgrade?include_cancelled=true`, w.partner.token);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(await byId(cancelled.id)).toMatchObject({ release_id: w.releases.x19v2, status: 'pending' });
  });
});

// Issue 15, item 9: upgrade was offered when nothing was newer, then failed with "Already on the newest
// release". Build lists now say what an upgrade would move each build to, by the rule the upgrade itself uses.
import { describe, expect, it } from 'vitest';
import type { Build } from '../../contract/schemas/build-schemas';
import { api, buildBody, createBuildWorld, createSet, submit } from '../test/build-fixtures';
import { sharedWorld } from '../test/shared-world';

const w = sharedWorld(createBuildWorld);

async function listed(url: string, token: string): Promise<Build[]> {
  const res = await api(w, 'GET', url, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Build[]>();
}

describe('build lists say whether an upgrade exists', () => {
  it('names the newer release, or null on the newest; the upgrade agrees with it', async () => {
    const set = await createSet(w, w.partner.token, 'upgrade-offer');
    const old = await submit(w, w.partner.token, buildBody(w, set.id, { release_id: w.releases.x19v1 }));
    const newest = await submit(
      w,
      w.partner.token,
      buildBody(w, set.id, { model: 'S19j Pro', release_id: w.releases.x19v2 }),
    );

    const mine = await listed(`/client/firmware/firmwares?group_id=${set.id}`, w.partner.token);
    const byId = new Map(mine.map((build) => [build.id, build]));
    // The beta (another stage class) and the draft are not offered to a partner's stable build.
    expect(byId.get(old.id)?.newer_release).toEqual({
      id: w.releases.x19v2,
      version: '1.1.0',
      stage: 'stable',
    });
    expect(byId.get(newest.id)?.newer_release).toBeNull();

    // The admin's view of the partner's set says the same (the partner's visibility decides).
    const admins = await listed(`/admin/firmwares?group_id=${set.id}`, w.admin.token);
    expect(admins.find((build) => build.id === old.id)?.newer_release?.id).toBe(w.releases.x19v2);
    expect(admins.find((build) => build.id === newest.id)?.newer_release).toBeNull();

    const sets = async () =>
      (await listed('/client/firmware/groups', w.partner.token)).find(
        (group) => group.id === set.id,
      ) as unknown as {
        upgrade_available: boolean;
      };
    expect((await sets()).upgrade_available).toBe(true);

    const refused = await api(w, 'POST', `/client/firmware/firmwares/${newest.id}/upgrade`, w.partner.token);
    expect(refused.statusCode, refused.body).toBe(422);
    const upgraded = await api(w, 'POST', `/client/firmware/firmwares/${old.id}/upgrade`, w.partner.token);
    expect(upgraded.statusCode, upgraded.body).toBe(200);
    expect(upgraded.json<Build>().release_id).toBe(w.releases.x19v2);

    const after = await listed(`/client/firmware/firmwares?group_id=${set.id}`, w.partner.token);
    expect(after.every((build) => build.newer_release === null)).toBe(true);
    expect((await sets()).upgrade_available).toBe(false);
    // A set with no builds has nothing to upgrade.
    const empty = await createSet(w, w.partner.token, 'upgrade-offer-empty');
    const emptyListed = (await listed('/client/firmware/groups', w.partner.token)).find(
      (g) => g.id === empty.id,
    );
    expect((emptyListed as unknown as { upgrade_available: boolean }).upgrade_available).toBe(false);
  });
});

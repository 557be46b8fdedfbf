// Issue 42: a set's row keeps what its builds are (models and their releases, platforms, install types, main
// workers, the oldest release per series and stage class), so a page of sets reads no builds at a million of
// them. Every write that changes a set's builds keeps it: the build writes, the set's own, and the one that
// goes through no set, a published release edited (created again under a new id, its builds following it).
// Its own world: it changes the releases.
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '../builds/runs/kept-runs';
import { api, buildBody, createBuildWorld, createSet, submit } from '../test/build-fixtures';
import { sharedWorld } from '../test/shared-world';
import { buildsSummaryText } from './sets-repository';

const GROUPS = '/client/firmware/groups';
const w = sharedWorld(createBuildWorld);

interface ListedSet {
  id: number;
  versions: { model: string; release_id: number }[];
  platforms: string[];
  install_types: string[];
  upgrade_available: boolean;
}

async function listed(setId: number): Promise<ListedSet | undefined> {
  const res = await api(w, 'GET', GROUPS, w.partner.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ListedSet[]>().find((s) => s.id === setId);
}

/** The sets whose kept summary differs from one computed from their builds now. */
async function staleSets(): Promise<number[]> {
  const found = await w.t.db.execute(
    sql.raw(`select id from firmware_groups where builds_summary is distinct from ${buildsSummaryText()}`),
  );
  return rowsOf<{ id: number }>(found).map((row) => row.id);
}

describe("a set's kept summary of its builds", () => {
  it('follows a published release edited and created again under a new id', async () => {
    const set = await createSet(w, w.partner.token, 'Summary-follows-release');
    await submit(w, w.partner.token, buildBody(w, set.id, { release_id: w.releases.x19v1 }));
    expect(await listed(set.id)).toMatchObject({
      versions: [{ model: 'S19 Pro', release_id: w.releases.x19v1 }],
      upgrade_available: true,
    });

    const edited = await api(w, 'PATCH', `/admin/releases/${w.releases.x19v1}`, w.admin.token, {
      stage_number: 4,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const recreated = edited.json<{ id: number }>().id;
    expect(recreated).toBeGreaterThan(w.releases.x19v2);
    // The build is on the recreated release now, the newest of its series and stage class: no upgrade.
    expect(await listed(set.id)).toMatchObject({
      versions: [{ model: 'S19 Pro', release_id: recreated }],
      upgrade_available: false,
    });
    expect(await staleSets()).toEqual([]);
  });

  it('agrees with its builds after builds are added, moved, removed and upgraded', async () => {
    const a = await createSet(w, w.partner.token, 'Summary-a');
    const b = await createSet(w, w.partner.token, 'Summary-b');
    const first = await submit(w, w.partner.token, buildBody(w, a.id, { release_id: w.releases.x19v2 }));
    const second = await submit(
      w,
      w.partner.token,
      buildBody(w, a.id, { platform: 'beaglebone', install_type: 'sd', release_id: w.releases.x19v2 }),
    );
    expect(await listed(a.id)).toMatchObject({
      platforms: ['amlogic', 'beaglebone'],
      install_types: ['nand', 'sd'],
    });

    const moved = await api(w, 'PATCH', `/client/firmware/firmwares/${second.id}`, w.partner.token, {
      ...buildBody(w, b.id, { platform: 'beaglebone', install_type: 'sd', release_id: w.releases.x19v2 }),
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await listed(a.id)).toMatchObject({ platforms: ['amlogic'], install_types: ['nand'] });
    expect(await listed(b.id)).toMatchObject({ platforms: ['beaglebone'], install_types: ['sd'] });

    const removed = await api(w, 'DELETE', `/client/firmware/firmwares/${first.id}`, w.partner.token);
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    // Removed builds leave the platforms; their models stay, for 'missing models' to offer again.
    expect(await listed(a.id)).toMatchObject({
      platforms: [],
      versions: [{ model: 'S19 Pro', release_id: w.releases.x19v2 }],
    });

    const upgraded = await api(w, 'POST', `${GROUPS}/${b.id}/upgrade`, w.partner.token, {});
    expect(upgraded.statusCode, upgraded.body).toBeLessThan(300);
    expect(await staleSets()).toEqual([]);
  });
});

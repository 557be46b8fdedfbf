// Issue 15, item 9 and issue 42: a set in my sets list says whether "Upgrade all" would move any build
// (upgrade_available), by the rule the upgrade itself applies (newerRelease: a release the owner may see and
// build from, of the build's series and stage class, newer than its release), as releases come, are hidden,
// removed or their series blocked. Its own world: it changes the releases.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { releases, series } from '../platform/db/schema';
import { insertRelease } from '../releases/releases-repository';
import { api, buildBody, createBuildWorld, createSet, submit } from '../test/build-fixtures';
import { sharedWorld } from '../test/shared-world';

const GROUPS = '/client/firmware/groups';
const w = sharedWorld(createBuildWorld);

/** The set's upgrade_available in my list, and whether the upgrade's own preview would queue anything. */
async function offered(setId: number) {
  const listed = await api(w, 'GET', GROUPS, w.partner.token);
  expect(listed.statusCode, listed.body).toBe(200);
  const set = listed.json<{ id: number; upgrade_available: boolean }[]>().find((s) => s.id === setId);
  const preview = await api(w, 'GET', `${GROUPS}/${setId}/upgrade`, w.partner.token);
  expect(preview.statusCode, preview.body).toBe(200);
  const { builds, cancelled } = preview.json<{ builds: number; cancelled: number }>();
  return { listed: set?.upgrade_available, upgrade: builds + cancelled > 0 };
}

const both = (value: boolean) => ({ listed: value, upgrade: value });

describe('upgrade_available follows the releases', () => {
  it('turns on with a newer release the owner may build from, and off when it is hidden or removed', async () => {
    const set = await createSet(w, w.partner.token, 'Upgrade-follows');
    const other = await createSet(w, w.partner.token, 'Upgrade-follows-other');
    // On the newest stable release: the beta (another stage class) and the draft are not upgrades.
    await submit(w, w.partner.token, buildBody(w, set.id, { release_id: w.releases.x19v2 }));
    await submit(w, w.partner.token, buildBody(w, other.id, { release_id: w.releases.x19v2 }));
    expect(await offered(set.id)).toEqual(both(false));

    // The draft (x19 1.3.0, stable) is published.
    const newer = { id: w.releases.x19draft };
    await w.t.db.update(releases).set({ is_draft: false, is_public: true }).where(eq(releases.id, newer.id));
    expect(await offered(set.id)).toEqual(both(true));
    expect(await offered(other.id)).toEqual(both(true));

    // Unpublished again: hidden from the partner.
    await w.t.db.update(releases).set({ is_public: false }).where(eq(releases.id, newer.id));
    expect(await offered(set.id)).toEqual(both(false));
    await w.t.db.update(releases).set({ is_public: true }).where(eq(releases.id, newer.id));
    expect(await offered(set.id)).toEqual(both(true));

    // A blocked series is hidden with its releases.
    await w.t.db.update(series).set({ is_blocked: true }).where(eq(series.name, 'x19'));
    expect(await offered(set.id)).toEqual(both(false));
    await w.t.db.update(series).set({ is_blocked: false }).where(eq(series.name, 'x19'));

    // A newer release of another series or of another stage class is no upgrade for these builds.
    await w.t.db.update(releases).set({ is_removed: true }).where(eq(releases.id, newer.id));
    expect(await offered(set.id)).toEqual(both(false));
    await insertRelease(
      w.t.db,
      {
        series: 'x21',
        version: '9.0.0',
        stage: 'stable',
        is_draft: false,
        is_public: true,
        user_id: w.admin.id,
      },
      [],
      [],
    );
    await insertRelease(
      w.t.db,
      { series: 'x19', version: '9.0.0', stage: 'rc', is_draft: false, is_public: true, user_id: w.admin.id },
      [],
      [],
    );
    expect(await offered(set.id)).toEqual(both(false));

    // A build on an older release turns it on; once removed, that build is no longer offered an upgrade.
    const old = await submit(w, w.partner.token, buildBody(w, set.id, { release_id: w.releases.x19v1 }));
    expect(await offered(set.id)).toEqual(both(true));
    expect(await offered(other.id)).toEqual(both(false));
    const removed = await api(w, 'DELETE', `/client/firmware/firmwares/${old.id}`, w.partner.token);
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    expect(await offered(set.id)).toEqual(both(false));
  });
});

// Issue 36, finding 6.1: a removed release is built from no more. Rebuilds, pool edits and set rebuilds of a
// build on one are refused (422 naming release_id) and change nothing; the upgrade is what remains.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Build } from '../../contract/schemas/build-schemas';
import { markReleaseRemoved } from '../releases/releases-repository';
import { api, buildBody, createSet, pools, sharedBuildWorldWithSet, submit } from '../test/build-fixtures';
import { expectValidationError } from '../test/helper';

const { w } = sharedBuildWorldWithSet('Removed release');

const FW = '/client/firmware/firmwares';
const SETS = '/client/firmware/groups';
const REMOVED = 'This release was removed: upgrade to a newer release';

const listed = async (setId = w.setId): Promise<Build[]> =>
  (await api(w, 'GET', `${FW}?group_id=${setId}`, w.partner.token)).json();

describe('a build whose release was removed', () => {
  let build: Build;
  let before: Build[];
  // The upgrade test's own build, in a set of its own: the others keep theirs on the removed release.
  let toUpgrade: Build;
  beforeAll(async () => {
    build = await submit(w, w.partner.token, buildBody(w, w.setId));
    const upgradeSet = await createSet(w, w.partner.token, 'Upgraded');
    toUpgrade = await submit(w, w.partner.token, buildBody(w, upgradeSet.id));
    expect(await markReleaseRemoved(w.t.db, w.releases.x19v1)).toBe(true);
    before = await listed();
  });

  const refused = (res: Awaited<ReturnType<typeof api>>) =>
    expect(expectValidationError(res, 'release_id').msg).toBe(REMOVED);

  it('is not rebuilt', async () => {
    refused(await api(w, 'POST', `${FW}/rebuild?firmware_id=${build.id}`, w.partner.token));
    refused(await api(w, 'POST', `/admin/firmwares/rebuild?firmware_id=${build.id}`, w.admin.token));
  });

  it('has its pools changed by no one', async () => {
    const body = { fee_pools_configs: pools([{}, { worker: 'rig002' }]) };
    refused(await api(w, 'PATCH', `${FW}/${build.id}/pool`, w.partner.token, body));
    refused(await api(w, 'PATCH', `/admin/firmwares/pool?firmware_id=${build.id}`, w.admin.token, body));
  });

  it('is not edited on its release', async () => {
    refused(
      await api(w, 'PATCH', `${FW}/${build.id}`, w.partner.token, { platform: 'xilinx', install_type: 'sd' }),
    );
  });

  it('keeps its set from being rebuilt', async () => {
    refused(await api(w, 'POST', `${SETS}/${w.setId}/rebuild`, w.partner.token));
    refused(await api(w, 'PATCH', `${SETS}/${w.setId}`, w.partner.token, { force_rebuild: true }));
  });

  it('was left as it was by every refusal', async () => {
    expect(await listed()).toEqual(before);
  });

  it('is listed as on a removed release, and upgrading it is what is offered and works', async () => {
    const [row] = await listed(toUpgrade.group_id);
    expect(row).toMatchObject({ release_removed: true, newer_release: { id: w.releases.x19v2 } });
    const res = await api(w, 'POST', `${FW}/${toUpgrade.id}/upgrade`, w.partner.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ release_id: w.releases.x19v2, is_updating: true });
    const [after] = await listed(toUpgrade.group_id);
    expect(after.release_removed).toBe(false);
    const rebuilt = await api(w, 'POST', `${FW}/rebuild?firmware_id=${toUpgrade.id}`, w.partner.token);
    expect(rebuilt.statusCode, rebuilt.body).toBe(200);
  });
});

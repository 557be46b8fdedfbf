// Issue 15, item 3: deleting a logo set does what its dialog promises ("Sets that use these images will fall
// back to the default logo"): the sets' logo_id goes back to the general logo, so new builds ship it.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { GENERAL_LOGO_ID } from '../../contract/constants';
import { builds } from '../platform/db/schema';
import { api, buildBody, createBuildWorld, createSet, getSet, submit } from '../test/build-fixtures';
import { request } from '../test/helper';
import { logoUpload } from '../test/security-world';
import { sharedWorld } from '../test/shared-world';

const w = sharedWorld(createBuildWorld);

async function uploadLogo(token: string): Promise<number> {
  const res = await request(w.t.app, {
    method: 'POST',
    url: '/api/client/account/logo',
    ...logoUpload(token),
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<{ id: number }>().id;
}

const jobLogoOf = async (buildId: number) => {
  const [row] = await w.t.db.select({ spec: builds.job_spec }).from(builds).where(eq(builds.id, buildId));
  return (row.spec as { logo: { id: number } }).logo.id;
};

describe('removing a logo set', () => {
  it('puts the sets that used it back on the default logo, and their new builds ship it', async () => {
    const logo = await uploadLogo(w.partner.token);
    const kept = await uploadLogo(w.partner.token);
    const first = await createSet(w, w.partner.token, 'logo-fallback-1', { logo_id: logo });
    const second = await createSet(w, w.partner.token, 'logo-fallback-2', { logo_id: logo });
    const other = await createSet(w, w.partner.token, 'logo-kept', { logo_id: kept });
    const before = await submit(w, w.partner.token, buildBody(w, first.id));
    expect(before.logo_id).toBe(logo);

    const removed = await api(w, 'DELETE', `/client/firmware/logo/${logo}`, w.partner.token);
    expect(removed.statusCode, removed.body).toBe(204);

    expect((await getSet(w, w.partner.token, first.id)).logo_id).toBe(GENERAL_LOGO_ID);
    expect((await getSet(w, w.partner.token, second.id)).logo_id).toBe(GENERAL_LOGO_ID);
    expect((await getSet(w, w.partner.token, other.id)).logo_id).toBe(kept);

    const after = await submit(w, w.partner.token, buildBody(w, first.id));
    expect(after.logo_id).toBe(GENERAL_LOGO_ID);
    expect(await jobLogoOf(after.id)).toBe(GENERAL_LOGO_ID);
    // A build made before keeps the images it was made with until it is built again.
    expect(await jobLogoOf(before.id)).toBe(logo);
  });

  it('rebuilds a build that used it, alone or with its set, with the default logo (issue 37)', async () => {
    const logo = await uploadLogo(w.partner.token);
    const set = await createSet(w, w.partner.token, 'logo-rebuilt', { logo_id: logo });
    const one = await submit(w, w.partner.token, buildBody(w, set.id));
    const two = await submit(w, w.partner.token, buildBody(w, set.id, { install_type: 'sd' }));
    expect(await jobLogoOf(one.id)).toBe(logo);

    const removed = await api(w, 'DELETE', `/client/firmware/logo/${logo}`, w.partner.token);
    expect(removed.statusCode, removed.body).toBe(204);

    const rebuilt = await api(
      w,
      'POST',
      `/client/firmware/firmwares/rebuild?firmware_id=${one.id}`,
      w.partner.token,
    );
    expect(rebuilt.statusCode, rebuilt.body).toBe(200);
    expect(rebuilt.json<{ logo_id: number }>().logo_id).toBe(GENERAL_LOGO_ID);
    expect(await jobLogoOf(one.id)).toBe(GENERAL_LOGO_ID);

    const all = await api(w, 'POST', `/client/firmware/groups/${set.id}/rebuild`, w.partner.token);
    expect(all.statusCode, all.body).toBe(200);
    expect(await jobLogoOf(two.id)).toBe(GENERAL_LOGO_ID);
  });

  it('changes no set when the logo is not the caller’s', async () => {
    const logo = await uploadLogo(w.partner.token);
    const set = await createSet(w, w.partner.token, 'logo-not-theirs', { logo_id: logo });
    const refused = await api(w, 'DELETE', `/client/firmware/logo/${logo}`, w.other.token);
    expect(refused.statusCode, refused.body).toBe(404);
    expect((await getSet(w, w.partner.token, set.id)).logo_id).toBe(logo);
  });
});

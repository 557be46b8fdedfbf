import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { justQueued } from '../../contract/samples/build';
import { builds } from '../platform/db/schema';
import { buildBody, pools, rowCounts, sharedBuildWorldWithSet, submit } from '../test/build-fixtures';
import { expectError } from '../test/helper';
import type { JobSpec } from './input/job-spec';

const { w, post } = sharedBuildWorldWithSet('Main set');

describe('POST /client/firmware/firmwares', () => {
  it('queues a pending build with everything an agent needs', async () => {
    const build = await submit(w, w.partner.token, buildBody(w, w.setId, { ssh_keys: [], logo_id: 1 }));
    expect(build).toMatchObject({
      group_id: w.setId,
      user_id: w.partner.id,
      name: 'S19-Pro_1.0.0_amlogic_nand',
      model: 'S19 Pro',
      series: 'x19',
      platform: 'amlogic',
      install_type: 'nand',
      release_id: w.releases.x19v1,
      release_version: '1.0.0',
      stage: 'stable',
      license_id: w.licenseId,
      add_license: true,
      ...justQueued,
      ssh_keys: [],
      logo_id: 1,
      file_size: null,
      sha256: null,
    });
    expect(build.uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(build.options).toMatchObject({ fan_control: true, min_fans: '4' });
    expect(build.fee_pools_configs).toEqual([pools()[0], { ...pools()[1], fake_fee: null }]);
    expect(build).not.toHaveProperty('job_spec');

    const [row] = await w.t.db.select().from(builds).where(eq(builds.id, build.id));
    const spec = row.job_spec as unknown as JobSpec;
    expect(spec.release).toEqual({
      id: w.releases.x19v1,
      series: 'x19',
      version: '1.0.0',
      stage: 'stable',
      tags: [
        { repository_name: 'firmware-x19', tag_name: 'v1.0.0', url: '/srv/repos/firmware-x19' },
        { repository_name: 'web-ui', tag_name: 'v1.0.0', url: '/srv/repos/web-ui' },
      ],
    });
    expect(spec.pools).toHaveLength(2);
    expect(spec.logo.le).toMatchObject({
      file: 'builtin/general-le.svg',
      url: expect.stringMatching(/^\/api\/logos\/[0-9a-f-]{36}\/le$/),
    });
    expect(spec.license).toMatchObject({ id: w.licenseId });
    expect(spec.artifact).toBe(`artifacts/${build.uuid}.tar.gz`);
    expect(spec.options.fan_control).toBe(true);
  });

  it('defaults the DevFee to 2 and takes the set’s SSH keys and logo', async () => {
    const devfee = { ...pools()[0] } as Record<string, unknown>;
    delete devfee.fee;
    const build = await submit(w, w.partner.token, buildBody(w, w.setId, { fee_pools_configs: [devfee] }));
    expect((build.fee_pools_configs as { fee: number }[])[0].fee).toBe(2);
    expect(build.logo_id).toBe(1);
  });

  it('builds without a license when add_license is false', async () => {
    const build = await submit(
      w,
      w.partner.token,
      buildBody(w, w.setId, { add_license: false, license_id: null }),
    );
    expect(build).toMatchObject({ add_license: false, license_id: null });
  });

  it('answers 404 for another partner’s set, key or logo', async () => {
    const before = await rowCounts(w.t.db);
    expectError(await post(buildBody(w, w.setId), w.other.token), 404, 'Set not found');
    expectError(await post(buildBody(w, 999_999)), 404, 'Set not found');
    expectError(await post(buildBody(w, w.setId, { ssh_keys: [123_456] })), 404, 'SSH key not found');
    expectError(await post(buildBody(w, w.setId, { logo_id: 99 })), 404, 'Logo not found');
    expect(await rowCounts(w.t.db)).toEqual(before);
  });
});

import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Build } from '../../contract/schemas/build-schemas';
import { builds } from '../platform/db/schema';
import {
  api,
  buildBody,
  createSet,
  pools,
  rowCounts,
  sharedBuildWorldWithSet,
  submit,
} from '../test/build-fixtures';
import { stageBuild } from '../test/build-states';
import { expectError, expectValidationError } from '../test/helper';
import type { JobSpec } from './input/job-spec';

const { w } = sharedBuildWorldWithSet('Actions');

const FW = '/client/firmware/firmwares';

/** A build that is done, as an agent would leave it. */
async function done(build: Build) {
  await stageBuild(w.t.db, build.id, {
    status: 'done',
    progress: 100,
    file_size: 8,
    sha256: 'ab'.repeat(32),
  });
}

async function jobSpecOf(id: number) {
  const [row] = await w.t.db.select({ job_spec: builds.job_spec }).from(builds).where(eq(builds.id, id));
  return row.job_spec as unknown as JobSpec;
}

describe('build edits queue a rebuild', () => {
  let build: Build;
  beforeAll(async () => {
    build = await submit(w, w.partner.token, buildBody(w, w.setId));
  });

  it('PATCH changes the build and marks it as being updated', async () => {
    await done(build);
    const res = await api(w, 'PATCH', `${FW}/${build.id}`, w.partner.token, {
      platform: 'xilinx',
      install_type: 'sd',
      release_id: w.releases.x19v2,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      platform: 'xilinx',
      install_type: 'sd',
      release_version: '1.1.0',
      name: 'S19-Pro_1.1.0_xilinx_sd',
      status: 'pending',
      progress: 0,
      is_updating: true,
      file_size: null,
      sha256: null,
      uuid: build.uuid,
    });
    expect((await jobSpecOf(build.id)).release.version).toBe('1.1.0');
  });

  it('PATCH checks the merged build like a new one, writing nothing on failure', async () => {
    const before = (await api(w, 'GET', `${FW}?group_id=${w.setId}`, w.partner.token)).json();
    const bad = await api(w, 'PATCH', `${FW}/${build.id}`, w.partner.token, { platform: 'zynq' });
    expect(expectValidationError(bad, 'platform').msg).toBe('Invalid combination');
    const hidden = await api(w, 'PATCH', `${FW}/${build.id}`, w.partner.token, {
      release_id: w.releases.x19draft,
    });
    expect(expectValidationError(hidden, 'release_id').msg).toBe('Release not found');
    expectValidationError(await api(w, 'PATCH', `${FW}/${build.id}`, w.partner.token, {}), 'body');
    expect((await api(w, 'GET', `${FW}?group_id=${w.setId}`, w.partner.token)).json()).toEqual(before);
  });

  it('PATCH …/pool replaces the pools and rebuilds', async () => {
    await done(build);
    const res = await api(w, 'PATCH', `${FW}/${build.id}/pool`, w.partner.token, {
      fee_pools_configs: pools([{ fee: 3, worker: 'newworker' }, { fee: 4 }]),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'pending', is_updating: true });
    expect(res.json().fee_pools_configs.map((p: { fee: number }) => p.fee)).toEqual([3, 4]);
    expect((await jobSpecOf(build.id)).pools[0].worker).toBe('newworker');
    const over = await api(w, 'PATCH', `${FW}/${build.id}/pool`, w.partner.token, {
      fee_pools_configs: pools([{}, { fee: 98.5 }]),
    });
    expect(expectValidationError(over, 'fee_pools_configs').msg).toBe('Total fee cannot be more than 100');
  });

  it('POST rebuild?firmware_id= requeues it', async () => {
    await done(build);
    const res = await api(w, 'POST', `${FW}/rebuild?firmware_id=${build.id}`, w.partner.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: build.id, status: 'pending', progress: 0, is_updating: true });
  });

  it('upgrade moves to the newest visible release of the stage class, once', async () => {
    const old = await submit(w, w.partner.token, buildBody(w, w.setId, { model: 'T19' }));
    const res = await api(w, 'POST', `${FW}/${old.id}/upgrade`, w.partner.token);
    expect(res.statusCode, res.body).toBe(200);
    // Not the draft 1.3.0, nor the beta 1.2.0: the partner sees neither.
    expect(res.json()).toMatchObject({
      release_id: w.releases.x19v2,
      release_version: '1.1.0',
      is_updating: true,
    });
    const again = await api(w, 'POST', `${FW}/${old.id}/upgrade`, w.partner.token);
    expect(expectValidationError(again, 'release_id').msg).toBe('Already on the newest release');
  });

  it('a tester’s beta build upgrades within the test class only', async () => {
    const testerSet = (await createSet(w, w.tester.token, 'Beta')).id as number;
    const beta = await submit(w, w.tester.token, buildBody(w, testerSet, { release_id: w.releases.x19beta }));
    expect(beta.stage).toBe('beta');
    const res = await api(w, 'POST', `${FW}/${beta.id}/upgrade`, w.tester.token);
    expect(expectValidationError(res, 'release_id').msg).toBe('Already on the newest release');
  });
});

describe('another partner’s build answers 404', () => {
  it('on every build route', async () => {
    const build = await submit(w, w.partner.token, buildBody(w, w.setId, { model: 'S19j' }));
    const t = w.other.token;
    const before = await rowCounts(w.t.db);
    expectError(
      await api(w, 'PATCH', `${FW}/${build.id}`, t, { platform: 'xilinx' }),
      404,
      'Build not found',
    );
    expectError(await api(w, 'PATCH', `${FW}/${build.id}/pool`, t, { fee_pools_configs: pools() }), 404);
    expectError(await api(w, 'POST', `${FW}/rebuild?firmware_id=${build.id}`, t), 404);
    expectError(await api(w, 'POST', `${FW}/${build.id}/upgrade`, t), 404);
    expectError(await api(w, 'DELETE', `${FW}/${build.id}`, t), 404);
    expect((await api(w, 'GET', FW, t)).json()).toEqual([]);
    // Moving my build into their set is as impossible.
    expectError(
      await api(w, 'PATCH', `${FW}/${build.id}`, w.partner.token, { group_id: 99_999 }),
      404,
      'Set not found',
    );
    expect(await rowCounts(w.t.db)).toEqual(before);
    const [row] = await w.t.db
      .select()
      .from(builds)
      .where(eq(builds.id, build.id as number));
    expect(row).toMatchObject({ status: 'pending', is_updating: false, is_removed: false });
  });
});

describe('DELETE /client/firmware/firmwares/{id}', () => {
  it('removes softly, and with full_clean deletes the artifact', async () => {
    const dir = path.join(w.dataDir, 'artifacts');
    await mkdir(dir, { recursive: true });
    const a = await submit(w, w.partner.token, buildBody(w, w.setId, { model: 'S19 XP' }));
    const b = await submit(w, w.partner.token, buildBody(w, w.setId, { model: 'S19k Pro' }));
    const fileA = path.join(dir, `${a.uuid}.tar.gz`);
    const fileB = path.join(dir, `${b.uuid}.tar.gz`);
    await writeFile(fileA, 'a');
    await writeFile(fileB, 'b');
    expect((await api(w, 'DELETE', `${FW}/${a.id}`, w.partner.token)).statusCode).toBe(204);
    expect(existsSync(fileA)).toBe(true);
    expect((await api(w, 'DELETE', `${FW}/${b.id}?full_clean=true`, w.partner.token)).statusCode).toBe(204);
    expect(existsSync(fileB)).toBe(false);
    expectError(await api(w, 'DELETE', `${FW}/${a.id}`, w.partner.token), 404);
    expectError(await api(w, 'POST', `${FW}/rebuild?firmware_id=${a.id}`, w.partner.token), 404);
    const removed = (await api(w, 'GET', `${FW}?is_removed=true`, w.partner.token)).json();
    expect(removed.find((x: Build) => x.id === a.id)).toMatchObject({ is_removed: true });
  });
});

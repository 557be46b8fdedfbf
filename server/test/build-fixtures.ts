// Demo data for the sets-and-builds API tests: a catalogue, releases of several stages, three accounts.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { count } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Build } from '../../contract/schemas/build-schemas';
import type { BuildSet } from '../../contract/schemas/set-schemas';
import type { ReleaseStage } from '../../contract/statuses';
import { ensureLicenses, listLicenses } from '../accounts/licenses-repository';
import { ensureGeneralLogo } from '../accounts/logos-repository';
import { ensureBuildOptions } from '../catalogue/build-options-repository';
import { ensurePoolPresets } from '../catalogue/pool-presets-repository';
import type { Config } from '../config';
import type { Db } from '../platform/db/client';
import { buildSets, builds, type NewReleaseRow } from '../platform/db/schema';
import { insertRelease } from '../releases/releases-repository';
import { insertRepository } from '../releases/repositories-repository';
import { createSignedIn, createTestApp, request, seedCatalogue, type TestApp } from './helper';
import { sharedWorld } from './shared-world';

export interface SignedIn {
  token: string;
  id: number;
}

export interface BuildWorld {
  t: TestApp;
  dataDir: string;
  admin: SignedIn;
  partner: SignedIn;
  other: SignedIn;
  tester: SignedIn;
  licenseId: number;
  releases: Record<'x19v1' | 'x19v2' | 'x19beta' | 'x19draft' | 'x21v1' | 'x17v1', number>;
  close: () => Promise<void>;
}

async function release(
  db: Db,
  adminId: number,
  values: Partial<NewReleaseRow> & { series: string; version: string },
) {
  const stage: ReleaseStage = values.stage ?? 'stable';
  return insertRelease(
    db,
    { is_draft: false, is_public: true, user_id: adminId, ...values, stage },
    [
      { repository_name: `firmware-${values.series}`, tag_name: `v${values.version}` },
      { repository_name: 'web-ui', tag_name: `v${values.version}` },
    ],
    [],
  );
}

/** A fresh app on a fresh database with everything a build needs; DATA_DIR is a temporary folder. */
export async function createBuildWorld(config: Partial<Config> = {}): Promise<BuildWorld> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'builds-test-'));
  const t = await createTestApp({ config: { dataDir, ...config } });
  await seedCatalogue(t.db);
  await ensureGeneralLogo(t.db);
  await ensureLicenses(t.db);
  await ensurePoolPresets(t.db);
  await ensureBuildOptions(t.db);
  await insertRepository(t.db, { name: 'firmware-x19', url: '/srv/repos/firmware-x19' });
  await insertRepository(t.db, { name: 'web-ui', url: '/srv/repos/web-ui' });
  const signIn = async (
    role: 'admin' | 'user' | 'tester',
    fees?: { series: string; min_dev_fee: number; min_total_fee: number }[],
  ) => {
    const created = await createSignedIn(t.app, t.db, { role, fees });
    return { token: created.token, id: created.account.id };
  };
  const admin = await signIn('admin');
  const partner = await signIn('user', [{ series: 'x21', min_dev_fee: 3, min_total_fee: 5 }]);
  const other = await signIn('user');
  const tester = await signIn('tester');
  const a = admin.id;
  const releases = {
    x19v1: await release(t.db, a, { series: 'x19', version: '1.0.0' }),
    x19v2: await release(t.db, a, { series: 'x19', version: '1.1.0' }),
    x19beta: await release(t.db, a, { series: 'x19', version: '1.2.0', stage: 'beta' }),
    x19draft: await release(t.db, a, { series: 'x19', version: '1.3.0', is_draft: true, is_public: false }),
    x21v1: await release(t.db, a, { series: 'x21', version: '1.0.0' }),
    x17v1: await release(t.db, a, { series: 'x17', version: '1.0.0' }),
  };
  const [license] = await listLicenses(t.db);
  return {
    t,
    dataDir,
    admin,
    partner,
    other,
    tester,
    licenseId: license.id,
    releases,
    close: async () => {
      await t.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** A build world with a set of the partner's, named `name`, to build in (`setId`). */
export async function createBuildWorldWithSet(name: string): Promise<BuildWorld & { setId: number }> {
  const w = await createBuildWorld();
  const set = await createSet(w, w.partner.token, name);
  return { ...w, setId: set.id as number };
}

/**
 * A test file's build world with a set named `name` (made before its first test, closed after its last), and
 * `post`, its POST of a build (as the partner unless a token is given).
 */
export function sharedBuildWorldWithSet(name: string) {
  const w = sharedWorld(() => createBuildWorldWithSet(name));
  return { w, post: (body: unknown, token?: string) => postBuild(w, body, token) };
}

/** A valid pool list: the DevFee pool and one fee pool. */
export const pools = (overrides: Record<string, unknown>[] = []) => [
  {
    alias: 'DevFee',
    url: 'stratum+tcp://btc.viabtc.io:3333',
    account: 'vendor',
    worker: 'myset',
    fee: 2,
    fake_fee: null,
    hidden: false,
    type_fee_pool: 'devfee',
    ...overrides[0],
  },
  {
    alias: 'F2Pool',
    url: 'stratum+tcp://btc.f2pool.com:1314',
    account: 'partner.main',
    worker: 'rig001',
    fee: 1.5,
    hidden: true,
    type_fee_pool: 'fee',
    ...overrides[1],
  },
];

export function buildBody(w: BuildWorld, setId: number, overrides: Record<string, unknown> = {}) {
  return {
    group_id: setId,
    series: 'x19',
    model: 'S19 Pro',
    platform: 'amlogic',
    install_type: 'nand',
    release_id: w.releases.x19v1,
    license_id: w.licenseId,
    add_license: true,
    fee_pools_configs: pools(),
    ...overrides,
  };
}

type Json = Record<string, unknown>;

export async function api(
  w: BuildWorld,
  method: string,
  url: string,
  token: string | undefined,
  body?: unknown,
) {
  return request(w.t.app, { method: method as 'GET', url: `/api${url}`, token, body });
}

export async function createSet(
  w: BuildWorld,
  token: string,
  name: string,
  extra: Json = {},
): Promise<BuildSet> {
  const res = await api(w, 'POST', '/client/firmware/groups', token, { name, ...extra });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** POST /client/firmware/firmwares as `token` (the partner by default), answered as it is. */
export const postBuild = (w: BuildWorld, body: unknown, token = w.partner.token) =>
  api(w, 'POST', '/client/firmware/firmwares', token, body);

export async function submit(w: BuildWorld, token: string, body: Json): Promise<Build> {
  const res = await api(w, 'POST', '/client/firmware/firmwares', token, body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

export async function getSet(w: BuildWorld, token: string, id: unknown): Promise<Json> {
  const res = await api(w, 'GET', '/client/firmware/groups?is_removed=true', token);
  const found = res.json<Json[]>().find((set) => set.id === id);
  expect(found, `set ${id} not listed`).toBeDefined();
  return found as Json;
}

/** Row counts, to prove a refused request wrote nothing. */
export async function rowCounts(db: Db) {
  const [[b], [g]] = await Promise.all([
    db.select({ n: count() }).from(builds),
    db.select({ n: count() }).from(buildSets),
  ]);
  return { builds: b.n, sets: g.n };
}

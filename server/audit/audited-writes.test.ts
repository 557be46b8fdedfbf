// Issue 36, finding 5: every write an admin or a developer makes leaves an audit row naming the action and its
// target. The write routes come from the router itself (every method but GET and HEAD, outside the caller's
// own account, the agents' API and the public routes): each is called once with a valid write, and a route
// with no case below, or named in NOT_EXERCISED, fails this test until someone handles it.
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { eq, gt, inArray, sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '../../contract/audit';
import { auditLog, buildSets, builds } from '../platform/db/schema';
import { auditRows } from '../test/audit-fixtures';
import { RULES } from '../test/authorization-rules';
import { api, buildBody, createSet, pools, submit } from '../test/build-fixtures';
import { validBody } from '../test/fuzz-bodies';
import { createSignedIn, request } from '../test/helper';
import { registeredRoutes, routeShape } from '../test/openapi-routes';
import { demoTags, mapDemoSourcesToX19 } from '../test/release-sources';
import { createSecurityWorld, logoUpload, type SecurityWorld } from '../test/security-world';
import { sharedWorld } from '../test/shared-world';

const w = sharedWorld(createSecurityWorld);
let repositoryUrl: string;
let sourcesDir: string;

// Releases need their sources: the demo git repositories, mapped to x19, and the languages of their notes.
beforeAll(async () => {
  ({ sourcesDir, repositoryUrl } = await mapDemoSourcesToX19(w, 'audited-writes-'));
});

afterAll(() => rm(sourcesDir, { recursive: true, force: true }));

/** Write routes this test does not call, and why; none so far. */
const NOT_EXERCISED: Record<string, string> = {};

interface Call {
  /** The caller: an admin, or a developer on the routes developers may use. */
  as: 'admin' | 'developer';
  method: 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  body?: unknown;
  action: (typeof AUDIT_ACTIONS)[number];
  objectType: string;
  /** The target's id, or how to read it from the answer (a created object). */
  objectId: string | number | ((res: LightMyRequestResponse) => string | number);
}

const unique = () => randomUUID().slice(0, 8);

async function ok(res: LightMyRequestResponse | Promise<LightMyRequestResponse>) {
  const answer = await res;
  expect(answer.statusCode, answer.body).toBeLessThan(300);
  return answer;
}

/** A set of `token`'s with one build on the older x19 release (so that it can be upgraded). */
async function setWithBuild(token: string) {
  const set = await createSet(w, token, `audit ${unique()}`);
  const build = await submit(w, token, buildBody(w, set.id as number));
  return { set, build, setId: set.id as number, buildId: build.id as number };
}

const dev = () => w.developer.token;
const victim = () => w.victim.token;

/** A valid write per route, with what its audit row must name; each makes its own target. */
const CASES: Record<string, (w: SecurityWorld) => Promise<Call>> = {
  // A developer's writes on the client paths: its own sets, builds, keys and logos.
  'POST /api/client/firmware/groups': async () => ({
    as: 'developer',
    method: 'POST',
    url: '/api/client/firmware/groups',
    body: { name: `dev set ${unique()}` },
    action: 'set.create',
    objectType: 'set',
    objectId: (res) => res.json().id,
  }),
  'PATCH /api/client/firmware/groups/{}': async () => {
    const { setId } = await setWithBuild(dev());
    return {
      as: 'developer',
      method: 'PATCH',
      url: `/api/client/firmware/groups/${setId}`,
      body: { description: 'changed', force_rebuild: true },
      action: 'set.update',
      objectType: 'set',
      objectId: setId,
    };
  },
  'DELETE /api/client/firmware/groups/{}': async () => {
    const { setId } = await setWithBuild(dev());
    return {
      as: 'developer',
      method: 'DELETE',
      url: `/api/client/firmware/groups/${setId}?full_clean=true`,
      action: 'set.remove',
      objectType: 'set',
      objectId: setId,
    };
  },
  'POST /api/client/firmware/groups/{}/rebuild': async () => {
    const { setId } = await setWithBuild(dev());
    return {
      as: 'developer',
      method: 'POST',
      url: `/api/client/firmware/groups/${setId}/rebuild`,
      action: 'set.rebuild',
      objectType: 'set',
      objectId: setId,
    };
  },
  'POST /api/client/firmware/groups/{}/upgrade': async () => {
    const { setId } = await setWithBuild(dev());
    return {
      as: 'developer',
      method: 'POST',
      url: `/api/client/firmware/groups/${setId}/upgrade`,
      action: 'set.upgrade',
      objectType: 'set',
      objectId: setId,
    };
  },
  'POST /api/client/firmware/firmwares': async () => {
    const set = await createSet(w, dev(), `dev set ${unique()}`);
    return {
      as: 'developer',
      method: 'POST',
      url: '/api/client/firmware/firmwares',
      body: buildBody(w, set.id as number),
      action: 'build.create',
      objectType: 'build',
      objectId: (res) => res.json().id,
    };
  },
  'PATCH /api/client/firmware/firmwares/{}': async () => {
    const { buildId } = await setWithBuild(dev());
    return {
      as: 'developer',
      method: 'PATCH',
      url: `/api/client/firmware/firmwares/${buildId}`,
      body: { model: 'S19j Pro', fee_pools_configs: pools() },
      action: 'build.update',
      objectType: 'build',
      objectId: buildId,
    };
  },
  'DELETE /api/client/firmware/firmwares/{}': async () => {
    const { buildId } = await setWithBuild(dev());
    return {
      as: 'developer',
      method: 'DELETE',
      url: `/api/client/firmware/firmwares/${buildId}`,
      action: 'build.remove',
      objectType: 'build',
      objectId: buildId,
    };
  },
  'PATCH /api/client/firmware/firmwares/{}/pool': async () => {
    const { buildId } = await setWithBuild(dev());
    return {
      as: 'developer',
      method: 'PATCH',
      url: `/api/client/firmware/firmwares/${buildId}/pool`,
      body: { fee_pools_configs: pools([{}, { account: 'changed.account' }]) },
      action: 'build.update',
      objectType: 'build',
      objectId: buildId,
    };
  },
  'POST /api/client/firmware/firmwares/rebuild': async () => {
    const { buildId } = await setWithBuild(dev());
    return {
      as: 'developer',
      method: 'POST',
      url: `/api/client/firmware/firmwares/rebuild?firmware_id=${buildId}`,
      action: 'build.rebuild',
      objectType: 'build',
      objectId: buildId,
    };
  },
  'POST /api/client/firmware/firmwares/{}/upgrade': async () => {
    const { buildId } = await setWithBuild(dev());
    return {
      as: 'developer',
      method: 'POST',
      url: `/api/client/firmware/firmwares/${buildId}/upgrade`,
      action: 'build.upgrade',
      objectType: 'build',
      objectId: buildId,
    };
  },
  'POST /api/client/firmware/firmware_ssh_key': async () => ({
    as: 'developer',
    method: 'POST',
    url: '/api/client/firmware/firmware_ssh_key',
    body: { name: `key ${unique()}`, key: newSshKey() },
    action: 'ssh_key.create',
    objectType: 'ssh_key',
    objectId: (res) => res.json().id,
  }),
  'PUT /api/client/firmware/firmware_ssh_key': async () => {
    const id = await devKey();
    return {
      as: 'developer',
      method: 'PUT',
      url: `/api/client/firmware/firmware_ssh_key?id=${id}`,
      body: { name: `renamed ${unique()}` },
      action: 'ssh_key.update',
      objectType: 'ssh_key',
      objectId: id,
    };
  },
  'DELETE /api/client/firmware/firmware_ssh_key': async () => {
    const id = await devKey();
    return {
      as: 'developer',
      method: 'DELETE',
      url: `/api/client/firmware/firmware_ssh_key?id=${id}`,
      action: 'ssh_key.remove',
      objectType: 'ssh_key',
      objectId: id,
    };
  },
  'DELETE /api/client/firmware/logo/{}': async () => {
    await ok(request(w.t.app, { method: 'POST', url: '/api/client/account/logo', ...logoUpload(dev()) }));
    const logos = await ok(api(w, 'GET', '/client/firmware/logo', dev()));
    const own = logos.json<{ id: number; is_default: boolean }[]>().find((logo) => logo.id !== 1);
    const id = own?.id as number;
    return {
      as: 'developer',
      method: 'DELETE',
      url: `/api/client/firmware/logo/${id}`,
      action: 'logo.remove',
      objectType: 'logo',
      objectId: id,
    };
  },
  'POST /api/client/firmware/logo/{}/default': async () => {
    await ok(request(w.t.app, { method: 'POST', url: '/api/client/account/logo', ...logoUpload(dev()) }));
    const logos = await ok(api(w, 'GET', '/client/firmware/logo', dev()));
    const id = logos.json<{ id: number }[]>().find((logo) => logo.id !== 1)?.id as number;
    return {
      as: 'developer',
      method: 'POST',
      url: `/api/client/firmware/logo/${id}/default`,
      action: 'logo.default',
      objectType: 'logo',
      objectId: id,
    };
  },
  'PATCH /api/client/firmware/groups/{}/link': async () => {
    const { setId } = await setWithBuild(dev());
    return {
      as: 'developer',
      method: 'PATCH',
      url: `/api/client/firmware/groups/${setId}/link`,
      body: { regenerate: true },
      action: 'set.link',
      objectType: 'set',
      objectId: setId,
    };
  },
  // An admin on a partner's tasks, through the same paths.
  'POST /api/client/firmware/tasks/{}/cancel': async () => {
    const { buildId } = await setWithBuild(victim());
    return {
      as: 'admin',
      method: 'POST',
      url: `/api/client/firmware/tasks/${buildId}/cancel`,
      action: 'task.cancel',
      objectType: 'build',
      objectId: buildId,
    };
  },
  'DELETE /api/client/firmware/tasks': async () => {
    const { buildId } = await setWithBuild(victim());
    return {
      as: 'admin',
      method: 'DELETE',
      url: `/api/client/firmware/tasks?ids=${buildId}`,
      action: 'task.hide',
      objectType: 'build',
      objectId: buildId,
    };
  },

  // Releases and their sources.
  'POST /api/admin/releases': async () => ({
    as: 'admin',
    method: 'POST',
    url: '/api/admin/releases',
    body: releaseBody(`7.${seq()}.0-beta.1`),
    action: 'release.create',
    objectType: 'release',
    objectId: (res) => res.json().id,
  }),
  'PATCH /api/admin/releases/{}': async () => {
    const id = await newRelease();
    return {
      as: 'admin',
      method: 'PATCH',
      url: `/api/admin/releases/${id}`,
      body: { version: `8.${seq()}.0-beta.1` },
      action: 'release.update',
      objectType: 'release',
      objectId: id,
    };
  },
  'DELETE /api/admin/releases/{}': async () => {
    const id = await newRelease();
    return {
      as: 'admin',
      method: 'DELETE',
      url: `/api/admin/releases/${id}`,
      action: 'release.remove',
      objectType: 'release',
      objectId: id,
    };
  },
  'PATCH /api/admin/releases/{}/descriptions': async () => {
    const id = await newRelease();
    return {
      as: 'admin',
      method: 'PATCH',
      url: `/api/admin/releases/${id}/descriptions`,
      body: { descriptions: [{ language: 'en', description: 'New notes.' }] },
      action: 'release.update',
      objectType: 'release',
      objectId: id,
    };
  },
  'POST /api/admin/releases/{}/restore': async () => {
    const id = await newRelease();
    await ok(api(w, 'DELETE', `/admin/releases/${id}`, w.admin.token));
    return {
      as: 'admin',
      method: 'POST',
      url: `/api/admin/releases/${id}/restore`,
      action: 'release.restore',
      objectType: 'release',
      objectId: id,
    };
  },
  'POST /api/admin/repositories': async () => ({
    as: 'admin',
    method: 'POST',
    url: '/api/admin/repositories',
    body: { name: `audit-repo-${unique()}`, url: repositoryUrl },
    action: 'catalogue.create',
    objectType: 'repository',
    objectId: (res) => res.json().id,
  }),
  'DELETE /api/admin/repositories/{}': async () => {
    const made = await ok(
      api(w, 'POST', '/admin/repositories', w.admin.token, {
        name: `audit-repo-${unique()}`,
        url: repositoryUrl,
      }),
    );
    const id = made.json().id;
    return {
      as: 'admin',
      method: 'DELETE',
      url: `/api/admin/repositories/${id}`,
      action: 'catalogue.remove',
      objectType: 'repository',
      objectId: id,
    };
  },
  'PUT /api/admin/series-repository': async () => ({
    as: 'admin',
    method: 'PUT',
    url: '/api/admin/series-repository',
    body: { series: 'x21', repositories: ['web-ui'] },
    action: 'catalogue.update',
    objectType: 'series_repository',
    objectId: 'x21',
  }),
  'POST /api/admin/signing-key/rotate': async () => ({
    as: 'admin',
    method: 'POST',
    url: '/api/admin/signing-key/rotate',
    action: 'signing_key.rotate',
    objectType: 'signing_key',
    objectId: (res) => res.json().key_id,
  }),
  // Issue 37: how long earlier runs' files are kept.
  'PUT /api/admin/settings/run-retention': async () => ({
    as: 'admin',
    method: 'PUT',
    url: '/api/admin/settings/run-retention',
    body: { days: 45 },
    action: 'setting.update',
    objectType: 'setting',
    objectId: 'run_retention_days',
  }),

  // Partners and their fees.
  'POST /api/admin/users': async () => ({
    as: 'admin',
    method: 'POST',
    url: '/api/admin/users',
    body: { email: `audit-${unique()}@example.test`, password: 'password123', worker: `w${unique()}` },
    action: 'partner.create',
    objectType: 'partner',
    objectId: (res) => res.json().id,
  }),
  'PATCH /api/admin/user': async () => {
    const id = await newPartner();
    return {
      as: 'admin',
      method: 'PATCH',
      url: `/api/admin/user?user_id=${id}`,
      body: { worker: `w${unique()}` },
      action: 'partner.update',
      objectType: 'partner',
      objectId: id,
    };
  },
  'DELETE /api/admin/user': async () => {
    const id = await newPartner();
    return {
      as: 'admin',
      method: 'DELETE',
      url: `/api/admin/user?user_id=${id}`,
      action: 'partner.remove',
      objectType: 'partner',
      objectId: id,
    };
  },
  // Issue 38: an admin revokes a partner's API token (a token of the partner's own, made for this case).
  'DELETE /api/admin/user/tokens/{}': async () => {
    const made = await ok(
      api(w, 'POST', '/client/account/tokens', victim(), { name: `audit ${unique()}`, scope: 'read' }),
    );
    const id = made.json().id as number;
    return {
      as: 'admin',
      method: 'DELETE',
      url: `/api/admin/user/tokens/${id}`,
      action: 'api_token.revoke',
      objectType: 'api_token',
      objectId: id,
    };
  },
  'POST /api/admin/user/restore': async () => {
    const id = await newPartner();
    await ok(api(w, 'DELETE', `/admin/user?user_id=${id}`, w.admin.token));
    return {
      as: 'admin',
      method: 'POST',
      url: `/api/admin/user/restore?user_id=${id}`,
      action: 'partner.restore',
      objectType: 'partner',
      objectId: id,
    };
  },
  'POST /api/admin/user/fee': async () => {
    const id = await newPartner();
    return {
      as: 'admin',
      method: 'POST',
      url: '/api/admin/user/fee',
      body: { user_id: id, series: 'l9', min_dev_fee: 2, min_total_fee: 3 },
      action: 'partner.fees',
      objectType: 'partner',
      objectId: id,
    };
  },
  'PATCH /api/admin/user/fee': async () => {
    const id = await newPartnerWithFee();
    return {
      as: 'admin',
      method: 'PATCH',
      url: `/api/admin/user/fee?user_id=${id}&series=l9`,
      body: { min_dev_fee: 3, min_total_fee: 4 },
      action: 'partner.fees',
      objectType: 'partner',
      objectId: id,
    };
  },
  'DELETE /api/admin/user/fee': async () => {
    const id = await newPartnerWithFee();
    return {
      as: 'admin',
      method: 'DELETE',
      url: `/api/admin/user/fee?user_id=${id}&series=l9`,
      action: 'partner.fees',
      objectType: 'partner',
      objectId: id,
    };
  },

  // A partner's sets and builds, from the admin paths (issue 36's findings).
  'PATCH /api/admin/groups/{}': async () => {
    const { setId } = await setWithBuild(victim());
    return {
      as: 'admin',
      method: 'PATCH',
      url: `/api/admin/groups/${setId}`,
      body: { force_rebuild: true },
      action: 'set.update',
      objectType: 'set',
      objectId: setId,
    };
  },
  'DELETE /api/admin/groups/{}': async () => {
    const { setId } = await setWithBuild(victim());
    return {
      as: 'admin',
      method: 'DELETE',
      url: `/api/admin/groups/${setId}`,
      action: 'set.remove',
      objectType: 'set',
      objectId: setId,
    };
  },
  'POST /api/admin/groups/{}/rebuild': async () => {
    const { setId } = await setWithBuild(victim());
    return {
      as: 'admin',
      method: 'POST',
      url: `/api/admin/groups/${setId}/rebuild`,
      action: 'set.rebuild',
      objectType: 'set',
      objectId: setId,
    };
  },
  'POST /api/admin/groups/{}/upgrade': async () => {
    const { setId } = await setWithBuild(victim());
    return {
      as: 'admin',
      method: 'POST',
      url: `/api/admin/groups/${setId}/upgrade`,
      action: 'set.upgrade',
      objectType: 'set',
      objectId: setId,
    };
  },
  'POST /api/admin/groups/{}/restore': async () => {
    const { setId } = await setWithBuild(victim());
    await ok(api(w, 'DELETE', `/client/firmware/groups/${setId}`, victim()));
    return {
      as: 'admin',
      method: 'POST',
      url: `/api/admin/groups/${setId}/restore`,
      action: 'set.restore',
      objectType: 'set',
      objectId: setId,
    };
  },
  'PATCH /api/admin/firmwares': async () => {
    const { buildId } = await setWithBuild(victim());
    const devFee = { account: 'another.vendor' };
    return {
      as: 'admin',
      method: 'PATCH',
      url: `/api/admin/firmwares?firmware_id=${buildId}`,
      body: { fee_pools_configs: pools([devFee]) },
      action: 'build.update',
      objectType: 'build',
      objectId: buildId,
    };
  },
  'PATCH /api/admin/firmwares/pool': async () => {
    const { buildId } = await setWithBuild(victim());
    return {
      as: 'admin',
      method: 'PATCH',
      url: `/api/admin/firmwares/pool?firmware_id=${buildId}`,
      body: { fee_pools_configs: pools([{}, { account: 'changed.account' }]) },
      action: 'partner.pools',
      objectType: 'partner',
      objectId: w.victim.id,
    };
  },
  'POST /api/admin/firmwares/rebuild': async () => {
    const { buildId } = await setWithBuild(victim());
    return {
      as: 'admin',
      method: 'POST',
      url: `/api/admin/firmwares/rebuild?firmware_id=${buildId}`,
      action: 'build.rebuild',
      objectType: 'build',
      objectId: buildId,
    };
  },
  'DELETE /api/admin/firmwares/{}': async () => {
    const { buildId } = await setWithBuild(victim());
    return {
      as: 'admin',
      method: 'DELETE',
      url: `/api/admin/firmwares/${buildId}?full_clean=true`,
      action: 'build.remove',
      objectType: 'build',
      objectId: buildId,
    };
  },

  // Agents.
  'POST /api/admin/workers': async () => ({
    as: 'admin',
    method: 'POST',
    url: '/api/admin/workers',
    body: { name: `agent-${unique()}` },
    action: 'agent.create',
    objectType: 'agent',
    objectId: (res) => res.json().id,
  }),
  'PUT /api/admin/workers/{}': async () => {
    const id = await newAgent();
    return {
      as: 'admin',
      method: 'PUT',
      url: `/api/admin/workers/${id}`,
      body: { name: `agent-${unique()}` },
      action: 'agent.update',
      objectType: 'agent',
      objectId: id,
    };
  },
  'DELETE /api/admin/workers/{}': async () => {
    const id = await newAgent();
    return {
      as: 'admin',
      method: 'DELETE',
      url: `/api/admin/workers/${id}`,
      action: 'agent.delete',
      objectType: 'agent',
      objectId: id,
    };
  },

  // The catalogue.
  ...catalogue(
    'series',
    'series',
    () => `x${seq() + 50}`,
    (name) => ({ name }),
    { is_blocked: true },
  ),
  ...catalogue(
    'models',
    'model',
    () => `Audit ${unique()}`,
    (name) => ({ name, series: 'x19' }),
    {
      is_blocked: true,
    },
  ),
  ...catalogue(
    'platforms',
    'platform',
    () => `plat-${unique()}`,
    (name) => ({ name }),
    {
      description: 'A board',
    },
  ),
  ...catalogue(
    'install-types',
    'install_type',
    () => `type-${unique()}`,
    (name) => ({ name }),
  ),
  'POST /api/admin/catalogue/combinations': async () => {
    const platform = await newPlatform();
    return {
      as: 'admin',
      method: 'POST',
      url: '/api/admin/catalogue/combinations',
      body: { model: 'S19 Pro', platform, install_type: 'sd' },
      action: 'catalogue.create',
      objectType: 'model_platform',
      objectId: `S19 Pro-${platform}-sd`,
    };
  },
  'DELETE /api/admin/catalogue/combinations/{}/{}/{}': async () => {
    const platform = await newPlatform();
    await ok(
      api(w, 'POST', '/admin/catalogue/combinations', w.admin.token, {
        model: 'S19 Pro',
        platform,
        install_type: 'sd',
      }),
    );
    return {
      as: 'admin',
      method: 'DELETE',
      url: `/api/admin/catalogue/combinations/S19%20Pro/${platform}/sd`,
      action: 'catalogue.remove',
      objectType: 'model_platform',
      objectId: `S19 Pro-${platform}-sd`,
    };
  },
  ...catalogueById('licenses', 'license', () => ({ name: `License ${unique()}`, region: 'Europe' }), {
    region: 'Asia',
  }),
  ...catalogueById(
    'pool-presets',
    'pool_preset',
    () => ({ pool: `Pool ${unique()}`, url: `stratum+tcp://pool-${unique()}.example.test:3333` }),
    { pool: `Renamed ${unique()}` },
  ),
};

let counter = 0;
const seq = () => ++counter;
const op = (key: string) => ({ key }) as Parameters<typeof validBody>[0];

async function devKey(): Promise<number> {
  const res = await ok(
    api(w, 'POST', '/client/firmware/firmware_ssh_key', dev(), {
      name: `key ${unique()}`,
      key: newSshKey(),
    }),
  );
  return res.json().id;
}

function releaseBody(version: string) {
  return { ...validBody(op('POST /api/admin/releases'), w, 0, 0), version, tags: demoTags('x19') };
}

async function newRelease(): Promise<number> {
  const body = releaseBody(`9.${seq()}.0-beta.1`);
  return (await ok(api(w, 'POST', '/admin/releases', w.admin.token, body))).json().id;
}

/** An OpenSSH ed25519 public key of its own, so that no two keys of the test collide. */
function newSshKey(): string {
  const raw = generateKeyPairSync('ed25519').publicKey.export({ format: 'der', type: 'spki' }).subarray(-32);
  // The SSH wire format: each field preceded by its length, as 4 bytes big-endian.
  const sized = (bytes: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(bytes.length);
    return Buffer.concat([length, bytes]);
  };
  const blob = Buffer.concat([sized(Buffer.from('ssh-ed25519')), sized(raw)]);
  return `ssh-ed25519 ${blob.toString('base64')} audit@test`;
}

async function newPartner(): Promise<number> {
  return (await createSignedIn(w.t.app, w.t.db, { role: 'user' })).account.id;
}

async function newPartnerWithFee(): Promise<number> {
  const id = await newPartner();
  const fee = { user_id: id, series: 'l9', min_dev_fee: 2, min_total_fee: 3 };
  await ok(api(w, 'POST', '/admin/user/fee', w.admin.token, fee));
  return id;
}

async function newAgent(): Promise<number> {
  return (await ok(api(w, 'POST', '/admin/workers', w.admin.token, { name: `agent-${unique()}` }))).json().id;
}

async function newPlatform(): Promise<string> {
  const name = `plat-${unique()}`;
  await ok(api(w, 'POST', '/admin/catalogue/platforms', w.admin.token, { name }));
  return name;
}

/** Create, change (when the kind can be changed) and remove of a catalogue kind named by its name. */
function catalogue(
  path: string,
  objectType: string,
  name: () => string,
  body: (name: string) => Record<string, unknown>,
  change?: Record<string, unknown>,
): Record<string, () => Promise<Call>> {
  const url = `/api/admin/catalogue/${path}`;
  const made = async () => {
    const value = name();
    await ok(api(w, 'POST', `/admin/catalogue/${path}`, w.admin.token, body(value)));
    return value;
  };
  const cases: Record<string, () => Promise<Call>> = {
    [`POST ${url}`]: async () => {
      const value = name();
      return {
        as: 'admin',
        method: 'POST',
        url,
        body: body(value),
        action: 'catalogue.create',
        objectType,
        objectId: value,
      };
    },
    [`DELETE ${url}/{}`]: async () => {
      const value = await made();
      return {
        as: 'admin',
        method: 'DELETE',
        url: `${url}/${encodeURIComponent(value)}`,
        action: 'catalogue.remove',
        objectType,
        objectId: value,
      };
    },
  };
  if (change) {
    cases[`PATCH ${url}/{}`] = async () => {
      const value = await made();
      return {
        as: 'admin',
        method: 'PATCH',
        url: `${url}/${encodeURIComponent(value)}`,
        body: change,
        action: 'is_blocked' in change ? 'catalogue.block' : 'catalogue.update',
        objectType,
        objectId: value,
      };
    };
  }
  return cases;
}

/** Create, change and remove of a catalogue kind named by its id. */
function catalogueById(
  path: string,
  objectType: string,
  body: () => Record<string, unknown>,
  change: Record<string, unknown>,
): Record<string, () => Promise<Call>> {
  const url = `/api/admin/catalogue/${path}`;
  const made = async () =>
    (await ok(api(w, 'POST', `/admin/catalogue/${path}`, w.admin.token, body()))).json().id as number;
  const byId = (method: 'PATCH' | 'DELETE', action: Call['action']) => async (): Promise<Call> => {
    const id = await made();
    const extra = method === 'PATCH' ? { body: change } : {};
    return { as: 'admin', method, url: `${url}/${id}`, ...extra, action, objectType, objectId: id };
  };
  return {
    [`POST ${url}`]: async () => ({
      as: 'admin',
      method: 'POST',
      url,
      body: body(),
      action: 'catalogue.create',
      objectType,
      objectId: (res) => res.json().id,
    }),
    [`PATCH ${url}/{}`]: byId('PATCH', 'catalogue.update'),
    [`DELETE ${url}/{}`]: byId('DELETE', 'catalogue.remove'),
  };
}

/** The write routes the rule covers, as the router holds them. */
function writeRoutes(): string[] {
  const rules = new Map(Object.entries(RULES).map(([key, rule]) => [routeShape(key), rule]));
  return registeredRoutes(w.t.app).filter((route) => {
    const [method, path] = route.split(' ');
    if (method === 'GET' || method === 'HEAD') return false;
    if (path.startsWith('/api/agent/') || path.startsWith('/api/client/account')) return false;
    // Sign-in, password reset, unsubscribe: public, made by no one in particular.
    return rules.get(route)?.access !== 'public';
  });
}

describe('every write by an admin or a developer is audited (issue 36, finding 5)', () => {
  it('every write route has a case here or a reason it is not exercised', () => {
    const routes = writeRoutes();
    expect(routes.length).toBeGreaterThan(40);
    expect(routes.filter((route) => !(route in CASES) && !(route in NOT_EXERCISED))).toEqual([]);
    expect(Object.keys(CASES).filter((route) => !routes.includes(route))).toEqual([]);
  });

  it('each write leaves a row naming its actor, action and target, in the audit vocabulary', async () => {
    const failures: string[] = [];
    for (const route of writeRoutes()) {
      const make = CASES[route];
      if (!make) continue;
      let call: Call;
      try {
        call = await make(w);
      } catch (error) {
        failures.push(`${route}: could not prepare the write: ${(error as Error).message.slice(0, 200)}`);
        continue;
      }
      const actor = call.as === 'admin' ? w.admin : w.developer;
      const before = (await auditRows(w.t.db)).at(-1)?.id ?? 0;
      const res = await request(w.t.app, {
        method: call.method,
        url: call.url,
        token: actor.token,
        ...(call.body === undefined ? {} : { body: call.body }),
      });
      if (res.statusCode >= 300) {
        failures.push(`${route}: the write itself answered ${res.statusCode} ${res.body.slice(0, 200)}`);
        continue;
      }
      const rows = await w.t.db.select().from(auditLog).where(gt(auditLog.id, before));
      const id = String(typeof call.objectId === 'function' ? call.objectId(res) : call.objectId);
      const named = rows.filter(
        (row) => row.action === call.action && row.object_type === call.objectType && row.object_id === id,
      );
      if (named.length !== 1) {
        const seen = rows.map((row) => `${row.action} ${row.object_type}:${row.object_id}`).join(', ');
        failures.push(
          `${route}: wanted one ${call.action} ${call.objectType}:${id}, found [${seen || 'no row'}]`,
        );
      }
      for (const row of rows) {
        if (row.actor_id !== actor.id) failures.push(`${route}: a row by ${row.actor_id}, not ${actor.id}`);
        if (!(AUDIT_ACTIONS as readonly string[]).includes(row.action))
          failures.push(`${route}: ${row.action} is not in the audit vocabulary`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("a partner's log says an administrator cancelled its task, never the admin's e-mail", async () => {
    const admin = await ok(api(w, 'GET', '/client/account/info', w.admin.token));
    const email = admin.json().email as string;
    const lines = async (id: number) =>
      (await ok(api(w, 'GET', `/client/firmware/firmwares/${id}/log`, victim())))
        .json<{ lines: { line: string }[] }>()
        .lines.map((entry) => entry.line);
    const cancelled = await setWithBuild(victim());
    await ok(api(w, 'POST', `/client/firmware/tasks/${cancelled.buildId}/cancel`, w.admin.token));
    const hidden = await setWithBuild(victim());
    await ok(api(w, 'DELETE', `/client/firmware/tasks?ids=${hidden.buildId}`, w.admin.token));
    for (const id of [cancelled.buildId, hidden.buildId]) {
      const log = await lines(id);
      expect(log).toContain('Cancelled by an administrator');
      expect(log.join('\n')).not.toContain(email);
    }
    // The partner cancelling its own task is named by its own address, as before.
    const own = await setWithBuild(victim());
    await ok(api(w, 'POST', `/client/firmware/tasks/${own.buildId}/cancel`, victim()));
    const partner = (await ok(api(w, 'GET', '/client/account/info', victim()))).json().email;
    expect(await lines(own.buildId)).toContain(`Cancelled by ${partner}`);
  });

  it('writes the change and its row together: when the row cannot be written, nothing changes', async () => {
    const { setId, buildId } = await setWithBuild(victim());
    const other = await setWithBuild(victim());
    // A trigger that refuses every audit row stands for any failure of the row, inside the change's transaction.
    await w.t.db.execute(sql`
      create function refuse_audit_36() returns trigger language plpgsql as $$
      begin raise exception 'audit refused'; end $$`);
    await w.t.db.execute(sql`create trigger refuse_audit_36 before insert on audit_log
      for each row execute function refuse_audit_36()`);
    try {
      const attempts = [
        api(w, 'PATCH', `/admin/groups/${setId}`, w.admin.token, {
          name: 'never renamed',
          force_rebuild: true,
        }),
        api(w, 'DELETE', `/admin/firmwares/${buildId}?full_clean=true`, w.admin.token),
        api(w, 'POST', `/client/firmware/tasks/${other.buildId}/cancel`, w.admin.token),
        api(w, 'DELETE', `/client/firmware/tasks?ids=${other.buildId}`, w.admin.token),
        api(w, 'POST', '/client/firmware/groups', dev(), { name: 'never made' }),
      ];
      for (const attempt of attempts) expect((await attempt).statusCode).toBe(500);
    } finally {
      await w.t.db.execute(sql`drop trigger refuse_audit_36 on audit_log`);
    }
    const [set] = await w.t.db.select().from(buildSets).where(eq(buildSets.id, setId));
    expect(set.name).not.toBe('never renamed');
    const rows = await w.t.db
      .select()
      .from(builds)
      .where(inArray(builds.id, [buildId, other.buildId]));
    for (const row of rows) {
      expect(row).toMatchObject({ is_removed: false, status: 'pending', task_hidden: false });
      expect(row.cancel_requested).toBe(false);
    }
    const devSets = await ok(api(w, 'GET', '/client/firmware/groups', dev()));
    expect(devSets.json<{ name: string }[]>().map((x) => x.name)).not.toContain('never made');
  });

  it("an admin's edit of a partner's build shows the DevFee account as it was and as it is", async () => {
    const { build, buildId } = await setWithBuild(victim());
    const body = { fee_pools_configs: pools([{ account: 'admin.vendor' }]) };
    await ok(api(w, 'PATCH', `/admin/firmwares?firmware_id=${buildId}`, w.admin.token, body));
    const [row] = (await auditRows(w.t.db, 'build.update')).filter((r) => r.object_id === String(buildId));
    expect(row).toMatchObject({ actor_id: w.admin.id, before: { user_id: w.victim.id } });
    expect(JSON.stringify(row.before)).toContain('"account":"vendor"');
    expect(JSON.stringify(row.after)).toContain('"account":"admin.vendor"');
    expect(JSON.stringify(row)).not.toContain(build.uuid as string);
  });
});

// Builds for e2e set-up, through the API as the console would make them.
import { type ApiSession, apiSession } from './api';
import type { RunningServer } from './server';

interface Release {
  id: number;
  series: string;
  stage: string;
  is_draft: boolean;
}
interface Combination {
  model: string;
  platform: string;
  install_type: string;
}

/** A set and one build in it, submitted through the API as the build form would (a stable x19 release). */
export async function submitBuild(api: ApiSession, setName: string): Promise<{ id: number; uuid: string }> {
  const sets = await api.call<{ id: number; name: string }[]>(
    'GET',
    `/client/firmware/groups?search=${encodeURIComponent(setName)}`,
  );
  const set =
    sets.find((s) => s.name === setName) ??
    (await api.call<{ id: number }>('POST', '/client/firmware/groups', { name: setName }));
  return api.call('POST', '/client/firmware/firmwares', {
    group_id: set.id,
    ...(await buildFields(api, setName.replace(/\W/g, ''))),
  });
}

/**
 * A build's fields but its set, as the build form fills them (a stable x19 release, the first license), read
 * with `api`: a session, or anything that makes the same GETs (an API token).
 */
export async function buildFields(api: Pick<ApiSession, 'call'>, worker: string) {
  const [releases, models, combinations, licenses] = await Promise.all([
    api.call<Release[]>('GET', '/client/releases'),
    api.call<{ name: string; series: string }[]>('GET', '/client/firmware/models'),
    api.call<Combination[]>('GET', '/client/firmware/model-platform-install_type'),
    api.call<{ id: number }[]>('GET', '/client/firmware/license'),
  ]);
  const release = releases.find((r) => r.series === 'x19' && r.stage === 'stable' && !r.is_draft);
  const x19 = new Set(models.filter((m) => m.series === 'x19').map((m) => m.name));
  const combination = combinations.find((c) => x19.has(c.model));
  if (!release || !combination) throw new Error('the demo data has no stable x19 release or model');
  return {
    series: 'x19',
    ...combination,
    release_id: release.id,
    license_id: licenses[0]?.id ?? null,
    add_license: licenses.length > 0,
    fee_pools_configs: [
      {
        alias: 'DevFee',
        url: 'stratum+tcp://btc.viabtc.io:3333',
        account: 'vendor',
        worker,
        fee: 2,
        fake_fee: null,
        hidden: false,
        type_fee_pool: 'devfee',
      },
      {
        alias: 'F2Pool',
        url: 'stratum+tcp://btc.f2pool.com:1314',
        account: 'partner.main',
        worker: 'rig001',
        fee: 1.5,
        fake_fee: null,
        hidden: true,
        type_fee_pool: 'fee',
      },
    ],
  };
}

/** The agent `npm start` runs in the server process. */
export async function embeddedAgent(api: ApiSession): Promise<{ id: number }> {
  const agents = await api.call<{ id: number; name: string }[]>('GET', '/admin/workers');
  const embedded = agents.find((w) => w.name === 'embedded');
  if (!embedded) throw new Error(`no embedded agent in ${JSON.stringify(agents)}`);
  return embedded;
}

/**
 * The admin's and the partner's API sessions, with the embedded agent blocked: a build submitted now stays
 * queued until `unblock()`.
 */
export async function queueHeld(server: Pick<RunningServer, 'url' | 'admin' | 'partner'>) {
  const adminApi = await apiSession(server.url, server.admin);
  const partnerApi = await apiSession(server.url, server.partner);
  const embedded = await embeddedAgent(adminApi);
  const block = (is_blocked: boolean) =>
    adminApi.call('PUT', `/admin/workers/${embedded.id}`, { is_blocked });
  await block(true);
  return { adminApi, partnerApi, unblock: () => block(false) };
}

/** A call of the agent protocol on the server at `url`, as a build agent makes it (its bearer token, no XSRF). */
export async function agentCall<T>(url: string, token: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${url}/api/agent${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`agent ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/**
 * Waits until the builds `ids` of `api`'s account are done, for a file's set-up (expect.poll is for tests):
 * throws at once on one that ended otherwise, and after `withinMs` with their statuses then.
 */
export async function buildsDone(api: ApiSession, ids: number[], withinMs = 240_000): Promise<void> {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const tasks = await api.call<{ id: number; status: string }[]>('GET', '/client/firmware/tasks');
    const statuses = ids.map((id) => tasks.find((task) => task.id === id)?.status ?? 'missing');
    if (statuses.every((status) => status === 'done')) return;
    if (statuses.some((status) => status === 'failed' || status === 'cancelled') || Date.now() > deadline)
      throw new Error(`builds ${ids.join(', ')} are not done: ${statuses.join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

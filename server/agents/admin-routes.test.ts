import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildAgents, releases, repositories, seriesRepositories } from '../platform/db/schema';
import { addAgent, agentCall, claim, createAgentWorld, queueBuild } from '../test/agent-fixtures';
import { api } from '../test/build-fixtures';
import { createSignedIn, expectError, expectValidationError } from '../test/helper';
import { sharedWorld } from '../test/shared-world';

const w = sharedWorld(createAgentWorld);

let developer: string;

beforeAll(async () => {
  developer = (await createSignedIn(w.t.app, w.t.db, { role: 'developer' })).token;
});

type AgentAnswer = {
  id: number;
  name: string;
  token?: string;
  token_prefix: string;
  status: string;
  is_blocked: boolean;
  current_build: { id: number; group_name: string; progress: number } | null;
  releases: { id: number; version: string }[];
  sources: { repository: string; tags: string[] }[];
  last_contact: string | null;
};

const list = async (token = w.admin.token) => {
  const res = await api(w, 'GET', '/admin/workers', token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<AgentAnswer[]>();
};

describe('agents (/admin/workers)', () => {
  it('adds an agent and shows its token once, then only its prefix; the token works at once', async () => {
    const res = await api(w, 'POST', '/admin/workers', w.admin.token, { name: 'builder-01' });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<AgentAnswer>();
    expect(created).toMatchObject({
      name: 'builder-01',
      status: 'offline',
      is_blocked: false,
      current_build: null,
    });
    expect(created.token).toMatch(/^wk_[A-Za-z0-9_-]{40,}$/);
    expect(created.token_prefix).toBe(created.token?.slice(0, 8));
    const listed = (await list()).find((x) => x.id === created.id);
    expect(listed).toBeDefined();
    expect(listed).not.toHaveProperty('token');
    expect(JSON.stringify(await list())).not.toContain(created.token);

    const beat = await agentCall(w, created.token ?? '', 'POST', '/heartbeat', {
      sources: [{ repository: 'firmware-x19', tags: ['v1.0.0'] }],
      releases: [w.releases.x19v1],
    });
    expect(beat.statusCode, beat.body).toBe(200);
    expect((await list()).find((x) => x.id === created.id)).toMatchObject({
      status: 'online',
      releases: [{ id: w.releases.x19v1, version: '1.0.0' }],
      sources: [{ repository: 'firmware-x19', tags: ['v1.0.0'] }],
      last_contact: expect.any(String),
    });
  });

  it('shows an agent busy with its build while it builds', async () => {
    const res = await api(w, 'POST', '/admin/workers', w.admin.token, { name: 'busy-one' });
    const { id, token } = res.json<AgentAnswer>();
    const build = await queueBuild(w);
    expect((await claim(w, token ?? ''))?.id).toBe(build.id);
    expect((await list(developer)).find((x) => x.id === id)).toMatchObject({
      status: 'busy',
      current_build: { id: build.id, group_name: 'agents-set', progress: 0 },
    });
  });

  it('renames, blocks and unblocks, and regenerates the token (the old one stops working)', async () => {
    const { id, token } = (
      await api(w, 'POST', '/admin/workers', w.admin.token, { name: 'to-change' })
    ).json<AgentAnswer>();
    const renamed = await api(w, 'PUT', `/admin/workers/${id}`, w.admin.token, { name: 'changed' });
    expect(renamed.json()).toMatchObject({ name: 'changed' });
    expect(renamed.json()).not.toHaveProperty('token');
    expect(
      (await api(w, 'PUT', `/admin/workers/${id}`, w.admin.token, { is_blocked: true })).json(),
    ).toMatchObject({
      is_blocked: true,
    });
    expectError(await agentCall(w, token ?? '', 'POST', '/heartbeat', {}), 403);
    await api(w, 'PUT', `/admin/workers/${id}`, w.admin.token, { is_blocked: false });
    expect((await agentCall(w, token ?? '', 'POST', '/heartbeat', {})).statusCode).toBe(200);
    const regenerated = (
      await api(w, 'PUT', `/admin/workers/${id}`, w.admin.token, { token: true })
    ).json<AgentAnswer>();
    expect(regenerated.token).toBeDefined();
    expect(regenerated.token).not.toBe(token);
    expectError(await agentCall(w, token ?? '', 'POST', '/heartbeat', {}), 401);
    expect((await agentCall(w, regenerated.token ?? '', 'POST', '/heartbeat', {})).statusCode).toBe(200);
  });

  it('deletes an agent: 204, gone from the list, its token refused', async () => {
    const { id, token } = (
      await api(w, 'POST', '/admin/workers', w.admin.token, { name: 'to-delete' })
    ).json<AgentAnswer>();
    expect((await api(w, 'DELETE', `/admin/workers/${id}`, w.admin.token)).statusCode).toBe(204);
    expect((await list()).some((x) => x.id === id)).toBe(false);
    expectError(await agentCall(w, token ?? '', 'POST', '/heartbeat', {}), 401);
    expectError(await api(w, 'DELETE', `/admin/workers/${id}`, w.admin.token), 404);
    expectError(await api(w, 'PUT', `/admin/workers/${id}`, w.admin.token, { name: 'ghost' }), 404);
  });

  it('validates names: at least 3 characters, unique, no unknown fields', async () => {
    expectValidationError(await api(w, 'POST', '/admin/workers', w.admin.token, { name: 'ab' }), 'name');
    await api(w, 'POST', '/admin/workers', w.admin.token, { name: 'twin' });
    const twin = expectValidationError(
      await api(w, 'POST', '/admin/workers', w.admin.token, { name: 'twin' }),
      'name',
    );
    expect(twin.msg).toBe('An agent with this name already exists');
    expectValidationError(await api(w, 'POST', '/admin/workers', w.admin.token, { name: 'abc', x: 1 }), 'x');
    expectValidationError(await api(w, 'PUT', '/admin/workers/1', w.admin.token, { token: false }), 'token');
  });

  it('lets developers read but only admins write; partners get 403', async () => {
    expect((await api(w, 'GET', '/admin/workers', developer)).statusCode).toBe(200);
    expectError(await api(w, 'GET', '/admin/workers', w.partner.token), 403);
    expectError(await api(w, 'POST', '/admin/workers', developer, { name: 'nope' }), 403);
    expectError(await api(w, 'DELETE', '/admin/workers/1', developer), 403);
  });

  // Issue 17, defect 8: x17 and t2t are hidden from non-admins everywhere, the agents' pages included.
  it('hides releases of x17 and t2t, and sources only they use, from developers; admins see all', async () => {
    const agent = await addAgent(w, 'holder');
    const [hiddenRepo, sharedRepo] = await w.t.db
      .insert(repositories)
      .values([
        { name: 'x17-only', url: 'file:///x17' },
        { name: 'shared-base', url: 'file:///shared' },
      ])
      .returning();
    await w.t.db.insert(seriesRepositories).values([
      { series: 'x17', repository_id: hiddenRepo.id },
      { series: 'x17', repository_id: sharedRepo.id },
      { series: 'x19', repository_id: sharedRepo.id },
    ]);
    const held = await w.t.db
      .insert(releases)
      .values([
        { series: 'x17', version: '9.9.1', stage: 'stable' },
        { series: 'x19', version: '9.9.2', stage: 'stable' },
      ])
      .returning();
    const sources = [
      { repository: 'x17-only', tags: ['v1'] },
      { repository: 'shared-base', tags: ['v2'] },
    ];
    await w.t.db
      .update(buildAgents)
      .set({ releases: held.map((r) => r.id), sources })
      .where(eq(buildAgents.id, agent.id));
    const seen = async (token: string) => (await list(token)).find((row) => row.id === agent.id);
    expect((await seen(developer))?.releases.map((r) => r.version)).toEqual(['9.9.2']);
    expect((await seen(developer))?.sources).toEqual([{ repository: 'shared-base', tags: ['v2'] }]);
    expect((await seen(w.admin.token))?.releases.map((r) => r.version).sort()).toEqual(['9.9.1', '9.9.2']);
    expect((await seen(w.admin.token))?.sources).toEqual(sources);
  });
});

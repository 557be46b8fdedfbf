import { execFileSync } from 'node:child_process';
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
// Test set-up for the build agents' API: the sets-and-builds world (test-fixtures.ts) with real demo git
// repositories as release sources, a set to build in, and helpers speaking the agent protocol.
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { Build } from '../../contract/schemas/build-schemas';
import type { BuildSet } from '../../contract/schemas/set-schemas';
import { type EmbeddedAgentOptions, startEmbeddedAgent } from '../agents/embedded-agent';
import type { Config } from '../config';
import { buildSets, builds, repositories } from '../platform/db/schema';
import type { QueueOptions } from '../queue/queue-options';
import { ensureDemoRepositories } from '../releases/git/demo-repositories';
import { recountSet } from '../sets/sets-repository';
import {
  api,
  type BuildWorld,
  buildBody,
  createBuildWorld,
  createSet,
  pools,
  submit,
} from './build-fixtures';

export interface AgentWorld extends BuildWorld {
  set: BuildSet;
}

/** Short waits so that tests of the long poll and of leases take milliseconds. */
export const FAST_QUEUE: Partial<QueueOptions> = { claimWaitMs: 300, pollMs: 100, sweepMs: 60_000 };

export async function createAgentWorld(queue: Partial<QueueOptions> = {}, config: Partial<Config> = {}) {
  const w = await createBuildWorld({ ...config, queue: { ...FAST_QUEUE, ...queue } });
  for (const repository of await ensureDemoRepositories(w.dataDir, ['x19'])) {
    await w.t.db
      .update(repositories)
      .set({ url: repository.url })
      .where(eq(repositories.name, repository.name));
  }
  const set = await createSet(w, w.partner.token, 'agents-set');
  return { ...w, set } satisfies AgentWorld;
}

let configurations = 0;

/**
 * Queues one build in the partner's set (or `token`'s own `setId`), pending: each of its own configuration
 * (its pool's worker name), since a build of a configuration already built is served at once (issue 16).
 */
export async function queueBuild(w: AgentWorld, token = w.partner.token, setId = w.set.id): Promise<Build> {
  configurations += 1;
  const fee_pools_configs = pools([{}, { worker: `rig${configurations}` }]);
  return submit(w, token, buildBody(w, setId, { fee_pools_configs }));
}

/**
 * Deletes every build (their events, runs and attestations with them) and recounts the sets: a test that reads
 * the queue's order, positions or totals starts on an empty queue, whatever the file's other tests left in it.
 */
export async function emptyQueue(w: BuildWorld): Promise<void> {
  await w.t.db.delete(builds);
  for (const { id } of await w.t.db.select({ id: buildSets.id }).from(buildSets))
    await recountSet(w.t.db, id);
}

/** Adds an agent through the admin API and answers its id and token. */
export async function addAgent(w: BuildWorld, name: string): Promise<{ id: number; token: string }> {
  const res = await api(w, 'POST', '/admin/workers', w.admin.token, { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

/** An agent's call: bearer worker token, no XSRF. */
export function agentCall(
  w: BuildWorld,
  token: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return w.t.app.inject({
    method,
    url: `/api/agent${url}`,
    headers: { authorization: `Bearer ${token}`, ...headers },
    ...(body === undefined ? {} : { payload: body as string }),
  });
}

export interface Claimed {
  id: number;
  uuid: string;
  attempt: number;
  spec: Record<string, unknown>;
}

export async function claim(w: BuildWorld, token: string): Promise<Claimed | undefined> {
  const res = await agentCall(w, token, 'POST', '/jobs/claim');
  if (res.statusCode === 204) return undefined;
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ job: Claimed }>().job;
}

/** Claims a job as `token`'s agent; throws when the queue has none for it. */
export async function claimJob(w: BuildWorld, token: string): Promise<Claimed> {
  const job = await claim(w, token);
  if (!job) throw new Error('no job');
  return job;
}

/** Queues a build of the partner's and claims a job as `token`'s agent (the new build, on an empty queue). */
export async function queueAndClaim(w: AgentWorld, token: string): Promise<Claimed> {
  await queueBuild(w);
  return claimJob(w, token);
}

export function sendEvents(
  w: BuildWorld,
  token: string,
  job: Claimed,
  events: { seq: number; type: 'log' | 'progress'; data: string | number }[],
) {
  return agentCall(w, token, 'POST', `/jobs/${job.id}/events`, { attempt: job.attempt, events });
}

export async function taskOf(w: BuildWorld, id: number, token = w.admin.token) {
  const res = await api(w, 'GET', '/admin/firmwares/tasks', token);
  expect(res.statusCode, res.body).toBe(200);
  return res
    .json<{ id: number; status: string; attempts: number; progress: number; worker_name: string | null }[]>()
    .find((task) => task.id === id);
}

export async function logOf(w: BuildWorld, id: number, token = w.admin.token): Promise<string[]> {
  const res = await api(w, 'GET', `/client/firmware/firmwares/${id}/log`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ lines: { line: string }[] }>().lines.map((l) => l.line);
}

/**
 * The embedded agent (the one `npm start` runs) building for `w`'s app, which it reaches at `url`: the app
 * listens on a port of its own unless `url` is given. It runs in this process unless `isolation: 'child'`
 * (a child process starts in about a second; embedded-agent-sandbox.test.ts tests that one).
 */
export async function startWorldAgent(
  w: BuildWorld,
  options: Partial<EmbeddedAgentOptions> = {},
  url?: string,
) {
  const server = url ?? (await w.t.app.listen({ port: 0, host: '127.0.0.1' }));
  return startEmbeddedAgent(w.t.db, {
    server,
    dataDir: w.dataDir,
    log: w.t.app.log,
    queue: w.t.app.jobQueue,
    isolation: 'in-process',
    ...options,
  });
}

/**
 * A local git repository at `repo` holding `files` (text, or text and mode) and symbolic `links`, committed
 * and tagged v1.0.0, made the world's firmware-x19 repository: a release's sources as a test shapes them.
 */
export async function firmwareRepository(
  w: BuildWorld,
  repo: string,
  files: Record<string, string | [string, number]>,
  links: Record<string, string> = {},
): Promise<void> {
  for (const [name, content] of Object.entries(files)) {
    const [text, mode] = typeof content === 'string' ? [content, 0o644] : content;
    await mkdir(path.dirname(path.join(repo, name)), { recursive: true });
    await writeFile(path.join(repo, name), text, { mode });
  }
  for (const [name, target] of Object.entries(links)) await symlink(target, path.join(repo, name));
  const git = (...args: string[]) =>
    execFileSync('git', ['-c', 'user.name=Test', '-c', 'user.email=t@localhost', ...args], { cwd: repo });
  git('init', '-q');
  git('add', '-A');
  git('commit', '-qm', 'firmware');
  git('tag', 'v1.0.0');
  // The server reads a local repository through its git folder.
  await w.t.db
    .update(repositories)
    .set({ url: path.join(repo, '.git') })
    .where(eq(repositories.name, 'firmware-x19'));
}

/** Waits until the build is done, failed or cancelled (its agent at work meanwhile). */
export async function untilBuildEnds(w: BuildWorld, id: number, timeout = 60_000): Promise<void> {
  await expect
    .poll(async () => (await taskOf(w, id))?.status, { timeout, interval: 200 })
    .toMatch(/^(done|failed|cancelled)$/);
}

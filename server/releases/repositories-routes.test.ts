import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createSignedIn, expectError, expectValidationError, request } from '../test/helper';
import { ALL_SERIES, createReleaseWorld } from '../test/release-sources';
import { sharedWorld } from '../test/shared-world';
import { DEMO_BRANCHES, DEMO_TAGS } from './git/demo-repositories';
import {
  deleteRepository,
  insertRepository,
  listRepositories,
  replaceSeriesRepositories,
} from './repositories-repository';

const t = sharedWorld(createReleaseWorld);
const tokens: Record<string, string> = {};

beforeAll(async () => {
  for (const role of ['admin', 'developer', 'tester', 'user'] as const) {
    tokens[role] = (await createSignedIn(t.app, t.db, { role })).token;
  }
});

// Each test starts from the world's repositories and mappings: several register, map and remove their own.
beforeEach(async () => {
  const known = new Set(t.sources.repos.map((r) => r.name));
  for (const row of await listRepositories(t.db))
    if (!known.has(row.name)) await deleteRepository(t.db, row.id);
  for (const series of ALL_SERIES) {
    await replaceSeriesRepositories(t.db, series, [`firmware-${series}`, 'web-ui']);
  }
});

const get = (url: string, role = 'admin') =>
  request(t.app, { url: `/api/admin/${url}`, token: tokens[role] });
const write = (method: 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, role = 'admin') =>
  request(t.app, { method, url: `/api/admin/${url}`, token: tokens[role], body });
const urlOf = (name: string) => t.sources.repos.find((r) => r.name === name)?.url ?? '';

describe('GET /api/admin/series-repository', () => {
  it('maps each series to its firmware repository and the shared web UI', async () => {
    for (const role of ['admin', 'developer']) {
      const res = await get('series-repository', role);
      expect(res.statusCode).toBe(200);
      const expected = [...ALL_SERIES].sort().flatMap((series) => [
        { series, repository: `firmware-${series}` },
        { series, repository: 'web-ui' },
      ]);
      expect(res.json()).toEqual(expected);
    }
    for (const role of ['tester', 'user']) expectError(await get('series-repository', role), 403);
  });
});

describe('GET /api/admin/repositories-tags', () => {
  it("lists a series' repositories with their tags and branches, read from git", async () => {
    const res = await get('repositories-tags?series=x19', 'developer');
    expect(res.statusCode, res.body).toBe(200);
    const refs = { tags: [...DEMO_TAGS].sort(), branches: DEMO_BRANCHES };
    expect(res.json()).toEqual([
      { name: 'firmware-x19', url: urlOf('firmware-x19'), ...refs },
      { name: 'web-ui', url: urlOf('web-ui'), ...refs },
    ]);
  });

  it('lists every registered repository without a series, and refuses an unknown series', async () => {
    const res = await get('repositories-tags');
    expect(res.json().map((r: { name: string }) => r.name)).toEqual(
      t.sources.repos.map((r) => r.name).sort(),
    );
    const bad = await get('repositories-tags?series=x99');
    expect(expectValidationError(bad, 'series').loc).toEqual(['query', 'series']);
    expectError(await get('repositories-tags', 'user'), 403);
  });

  it('lists an unreachable repository with an error, quickly, without failing the others', async () => {
    await insertRepository(t.db, { name: 'gone', url: 'file:///nonexistent' });
    await insertRepository(t.db, { name: 'nowhere', url: '/nonexistent/path' });
    await replaceSeriesRepositories(t.db, 'l7', ['firmware-l7', 'gone', 'nowhere']);
    const started = Date.now();
    const res = await get('repositories-tags?series=l7');
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(res.statusCode).toBe(200);
    const [firmware, gone, nowhere] = res.json();
    expect(firmware.tags).toContain('v1.1.0');
    expect(gone).toEqual({
      name: 'gone',
      url: 'file:///nonexistent',
      tags: [],
      branches: [],
      error: "Repository gone is unreachable: '/nonexistent' does not appear to be a git repository",
    });
    expect(nowhere).toMatchObject({ name: 'nowhere', tags: [], branches: [], error: expect.any(String) });
  });
});

describe('/api/admin/repositories', () => {
  it('registers a reachable repository, lists it and deletes it with its mappings', async () => {
    const created = await write('POST', 'repositories', { name: 'firmware_extra.v2', url: urlOf('web-ui') });
    expect(created.statusCode, created.body).toBe(201);
    const repository = created.json();
    expect(repository).toEqual({ id: expect.any(Number), name: 'firmware_extra.v2', url: urlOf('web-ui') });
    const list = await get('repositories', 'developer');
    expect(list.json()).toContainEqual(repository);

    const mapped = await write('PUT', 'series-repository', {
      series: 'x21',
      repositories: ['firmware_extra.v2'],
    });
    expect(mapped.json()).toEqual([{ series: 'x21', repository: 'firmware_extra.v2' }]);
    expect((await write('DELETE', `repositories/${repository.id}`)).statusCode).toBe(204);
    const after = (await get('series-repository')).json();
    expect(after.filter((m: { series: string }) => m.series === 'x21')).toEqual([]);
    expectError(await write('DELETE', `repositories/${repository.id}`), 404, 'Repository not found');
  });

  it('refuses a bad or taken name and an unreachable or option-like url, quickly', async () => {
    expectValidationError(
      await write('POST', 'repositories', { name: 'bad name', url: urlOf('web-ui') }),
      'name',
    );
    const taken = await write('POST', 'repositories', { name: 'web-ui', url: urlOf('web-ui') });
    expect(expectValidationError(taken, 'name').msg).toBe('Repository web-ui already exists');
    const started = Date.now();
    for (const url of ['file:///nonexistent', '/nonexistent/path']) {
      const res = await write('POST', 'repositories', { name: 'unreachable', url });
      expect(expectValidationError(res, 'url').msg).toMatch(/^Repository is unreachable: /);
    }
    expect(Date.now() - started).toBeLessThan(5_000);
    const option = await write('POST', 'repositories', { name: 'sneaky', url: '--upload-pack=touch /tmp/x' });
    expect(expectValidationError(option, 'url').msg).toBe('Must be a git url or a path');
    const ext = await write('POST', 'repositories', { name: 'sneaky', url: 'ext::sh -c id' });
    expect(expectValidationError(ext, 'url').msg).toBe('The ext transport is not allowed');
    expect((await get('repositories')).json().some((r: { name: string }) => r.name === 'unreachable')).toBe(
      false,
    );
  });

  it('masks the user part (a password, or a token as the user) in a listed url', async () => {
    await insertRepository(t.db, { name: 'private', url: 'https://bot:s3cret@git.example.com/fw.git' });
    const listed = (await get('repositories')).json().find((r: { name: string }) => r.name === 'private');
    expect(listed.url).toBe('https://***@git.example.com/fw.git');
  });

  it('lets only admins write', async () => {
    for (const role of ['developer', 'user']) {
      expectError(await write('POST', 'repositories', { name: 'x', url: urlOf('web-ui') }, role), 403);
      expectError(await write('PUT', 'series-repository', { series: 'x19', repositories: [] }, role), 403);
      expectError(await write('DELETE', 'repositories/1', undefined, role), 403);
    }
  });
});

describe('PUT /api/admin/series-repository', () => {
  it("replaces one series' repositories and refuses unknown names", async () => {
    const res = await write('PUT', 'series-repository', {
      series: 'l9',
      repositories: ['web-ui', 'firmware-l9'],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual([
      { series: 'l9', repository: 'firmware-l9' },
      { series: 'l9', repository: 'web-ui' },
    ]);
    const unknown = await write('PUT', 'series-repository', {
      series: 'l9',
      repositories: ['web-ui', 'nope'],
    });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().detail).toEqual([
      { loc: ['body', 'repositories', 1], msg: 'Unknown repository nope', type: 'value_error' },
    ]);
    const series = await write('PUT', 'series-repository', { series: 'x99', repositories: [] });
    expect(expectValidationError(series, 'series').msg).toBe('Unknown series x99');
    const kept = (await get('series-repository')).json().filter((m: { series: string }) => m.series === 'l9');
    expect(kept).toHaveLength(2);
  });
});

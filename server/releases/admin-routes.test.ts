import { describe, expect, it } from 'vitest';
import { createSignedIn, expectError, expectValidationError, request } from '../test/helper';
import { countReleaseRows, createReleaseWorld, demoTags, makeRelease } from '../test/release-sources';
import { sharedWorld } from '../test/shared-world';
import { insertRepository, replaceSeriesRepositories } from './repositories-repository';

const t = sharedWorld(createReleaseWorld);

let n = 0;
const body = (overrides: Record<string, unknown> = {}) => {
  n += 1;
  return {
    series: 'x19',
    version: `2.${n}.0-beta.1`,
    stage: 'beta',
    tags: demoTags('x19'),
    descriptions: [
      { language: 'en', description: 'Faster autotuning.' },
      { language: 'ru', description: 'Быстрее автотюнинг.' },
    ],
    ...overrides,
  };
};

const create = (payload: unknown, token = t.admin.token) =>
  request(t.app, { method: 'POST', url: '/api/admin/releases', token, body: payload });

/** Expects the write to be refused with a 422 on `loc` and to leave every release table as it was. */
async function expectRefused(payload: unknown, loc: (string | number)[], msg?: string | RegExp) {
  const before = await countReleaseRows(t.db);
  const res = await create(payload);
  const issue = expectValidationError(res, String(loc.at(-1)));
  expect(issue.loc).toEqual(loc);
  if (typeof msg === 'string') expect(issue.msg).toBe(msg);
  else if (msg) expect(issue.msg).toMatch(msg);
  expect(await countReleaseRows(t.db)).toEqual(before);
  return issue;
}

describe('POST /api/admin/releases', () => {
  it('creates a draft by default, with its tags and descriptions', async () => {
    const payload = body({ stage_number: 2 });
    const res = await create(payload);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      series: 'x19',
      version: payload.version,
      stage: 'beta',
      stage_number: 2,
      parent: null,
      tags: payload.tags,
      is_draft: true,
      is_public: false,
      is_removed: false,
      user_id: t.admin.account.id,
      descriptions: payload.descriptions,
      created_at: expect.any(String),
      deploy_requested_at: null,
    });
  });

  it('records a deploy request for a release created published, and takes branches as tags', async () => {
    const payload = body({
      is_draft: false,
      is_public: true,
      stage: 'dev',
      version: '2.0.0-dev.1',
      tags: demoTags('x19', 'develop'),
      descriptions: [{ language: 'en', description: 'Nightly.' }],
    });
    const res = await create(payload, t.developer.token);
    expect(res.statusCode, res.body).toBe(201);
    const release = res.json();
    expect(release).toMatchObject({ is_draft: false, is_public: true, user_id: t.developer.account.id });
    expect(Date.now() - Date.parse(release.deploy_requested_at)).toBeLessThan(60_000);
  });

  it('takes a parent of the same series', async () => {
    const parent = await makeRelease(t.db, { series: 'x19' });
    const res = await create(body({ parent }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().parent).toBe(parent);
  });

  it('refuses partners and testers', async () => {
    for (const role of ['user', 'tester'] as const) {
      const { token } = await createSignedIn(t.app, t.db, { role });
      expectError(await create(body(), token), 403);
    }
  });

  it('refuses an unknown series, and a hidden one for a developer', async () => {
    await expectRefused(body({ series: 'x99' }), ['body', 'series'], 'Unknown series x99');
    const before = await countReleaseRows(t.db);
    const res = await create(body({ series: 'x17', tags: demoTags('x17') }), t.developer.token);
    expect(expectValidationError(res, 'series').msg).toBe('Series x17 is for admins only');
    expect(await countReleaseRows(t.db)).toEqual(before);
  });

  it('refuses a stage outside the ladder and a negative stage number', async () => {
    await expectRefused(body({ stage: 'gamma' }), ['body', 'stage'], /^Must be one of: dev, alpha, beta/);
    await expectRefused(body({ stage_number: -1 }), ['body', 'stage_number']);
  });

  it('refuses a missing, empty, long or malformed version', async () => {
    const { version: _, ...noVersion } = body();
    await expectRefused(noVersion, ['body', 'version'], 'Field required');
    await expectRefused(body({ version: '' }), ['body', 'version'], 'Version is required');
    await expectRefused(body({ version: '1'.repeat(65) }), ['body', 'version'], 'Maximum 64 characters');
    const notSemver = 'Version must be a semantic version, such as 1.2.0 or 1.2.0-beta.1';
    await expectRefused(body({ version: '1.0 beta' }), ['body', 'version'], notSemver);
    await expectRefused(body({ version: 'banana' }), ['body', 'version'], notSemver);
  });

  it('refuses a version whose pre-release part disagrees with the stage (issue 17)', async () => {
    await expectRefused(
      body({ version: '1.2.0-rc.1', stage: 'stable' }),
      ['body', 'version'],
      'A stable version has no pre-release part, such as 1.2.0',
    );
    await expectRefused(
      body({ version: '1.2.0', stage: 'beta' }),
      ['body', 'version'],
      'A beta version has a pre-release part starting with beta, such as 1.0.0-beta.1',
    );
    expect((await create(body({ version: '1.2.0', stage: 'stable' }))).statusCode).toBe(201);
  });

  it('refuses a version already used in the series and stage, until that release is removed', async () => {
    const first = body({ version: '3.0.0-beta.1' });
    expect((await create(first)).statusCode).toBe(201);
    await expectRefused(
      body({ version: '3.0.0-beta.1' }),
      ['body', 'version'],
      'Version already exists for this series and stage',
    );
    expect((await create(body({ version: '3.0.0-rc.1', stage: 'rc' }))).statusCode).toBe(201);
    expect(
      (await create(body({ version: '3.0.0-beta.1', series: 'x21', tags: demoTags('x21') }))).statusCode,
    ).toBe(201);
    const id = (await create(body({ version: '3.0.1-beta.1' }))).json().id;
    await request(t.app, { method: 'DELETE', url: `/api/admin/releases/${id}`, token: t.admin.token });
    expect((await create(body({ version: '3.0.1-beta.1' }))).statusCode).toBe(201);
  });

  it('lets only one of two simultaneous saves of a version through', async () => {
    const [a, b] = await Promise.all([
      create(body({ version: '4.0.0-beta.1' })),
      create(body({ version: '4.0.0-beta.1' })),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 422]);
    const refused = a.statusCode === 422 ? a : b;
    expect(expectValidationError(refused, 'version').msg).toBe(
      'Version already exists for this series and stage',
    );
  });

  it('refuses a tag that is not in the repository', async () => {
    const tags = [demoTags('x19')[0], { repository_name: 'web-ui', tag_name: 'v9' }];
    await expectRefused(body({ tags }), ['body', 'tags', 1, 'tag_name'], 'Tag v9 not found in web-ui');
    const first = [{ repository_name: 'firmware-x19', tag_name: 'v9' }, demoTags('x19')[1]];
    await expectRefused(
      body({ tags: first }),
      ['body', 'tags', 0, 'tag_name'],
      'Tag v9 not found in firmware-x19',
    );
  });

  it('refuses a repository the series does not use, a missing one and no tags at all', async () => {
    const foreign = [...demoTags('x19'), { repository_name: 'firmware-x21', tag_name: 'v1.0.0' }];
    await expectRefused(
      body({ tags: foreign }),
      ['body', 'tags', 2, 'tag_name'],
      'Repository firmware-x21 is not a source of series x19',
    );
    await expectRefused(
      body({ tags: [demoTags('x19')[0]] }),
      ['body', 'tags'],
      'A tag for web-ui is required',
    );
    await expectRefused(body({ tags: [] }), ['body', 'tags'], 'A tag for firmware-x19, web-ui is required');
    const twice = [...demoTags('x19'), demoTags('x19')[1]];
    await expectRefused(
      body({ tags: twice }),
      ['body', 'tags', 2, 'tag_name'],
      'Repository web-ui is listed twice',
    );
  });

  it('refuses missing descriptions in the default language and unknown languages', async () => {
    const ruOnly = [{ language: 'ru', description: 'Только по-русски.' }];
    await expectRefused(
      body({ descriptions: ruOnly }),
      ['body', 'descriptions'],
      'Description for en is required',
    );
    const blank = [{ language: 'en', description: '  ' }];
    await expectRefused(
      body({ descriptions: blank }),
      ['body', 'descriptions'],
      'Description for en is required',
    );
    const german = [
      { language: 'en', description: 'x' },
      { language: 'de', description: 'y' },
    ];
    await expectRefused(
      body({ descriptions: german }),
      ['body', 'descriptions', 1, 'language'],
      'Unknown language de',
    );
  });

  it('refuses a parent that is not a release of the same series', async () => {
    const other = await makeRelease(t.db, { series: 'x21' });
    const removed = await makeRelease(t.db, { series: 'x19', is_removed: true });
    for (const parent of [other, removed, 999_999]) {
      await expectRefused(
        body({ parent }),
        ['body', 'parent'],
        'Parent must be another release of series x19',
      );
    }
  });

  it('refuses unknown fields', async () => {
    await expectRefused(body({ is_removed: true }), ['body', 'is_removed'], 'Extra field not permitted');
  });

  it('answers quickly with a clear error when a repository is unreachable', async () => {
    const missing = await insertRepository(t.db, { name: 'gone', url: 'file:///nonexistent' });
    const nowhere = await insertRepository(t.db, { name: 'nowhere', url: '/nonexistent/path' });
    await replaceSeriesRepositories(t.db, 'l9', ['gone', 'nowhere']);
    const tags = [
      { repository_name: 'gone', tag_name: 'v1.0.0' },
      { repository_name: 'nowhere', tag_name: 'v1.0.0' },
    ];
    const started = Date.now();
    const before = await countReleaseRows(t.db);
    const res = await create(body({ series: 'l9', tags }));
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(res.statusCode).toBe(422);
    expect(res.json().detail).toEqual([
      {
        loc: ['body', 'tags'],
        msg: "Repository gone is unreachable: '/nonexistent' does not appear to be a git repository",
        type: 'value_error',
      },
      {
        loc: ['body', 'tags'],
        msg: "Repository nowhere is unreachable: '/nonexistent/path' does not appear to be a git repository",
        type: 'value_error',
      },
    ]);
    expect(await countReleaseRows(t.db)).toEqual(before);
    expect(missing && nowhere).toBeTruthy();
  });
});

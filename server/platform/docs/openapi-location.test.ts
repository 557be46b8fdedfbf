// Issue 38: every 201 says where the thing it made lives (`Location`, an API path), and the document says so.
import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSet } from '../../test/build-fixtures';
import { validBody } from '../../test/fuzz-bodies';
import { request } from '../../test/helper';
import { type Operation, operationsOf } from '../../test/openapi-routes';
import { demoTags, mapDemoSourcesToX19 } from '../../test/release-sources';
import { createSecurityWorld, logoUpload } from '../../test/security-world';
import { sharedWorld } from '../../test/shared-world';

const w = sharedWorld(createSecurityWorld);

// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is plain JSON walked by key.
let doc: any;
let created: Operation[];
let ownSetId: number;
let repositoryUrl = '';
let sourcesDir: string;

beforeAll(async () => {
  // Releases and repositories need their sources: the demo git repositories, mapped to x19.
  ({ sourcesDir, repositoryUrl } = await mapDemoSourcesToX19(w, 'openapi-location-'));
  doc = (await w.t.app.inject({ method: 'GET', url: '/api/docs' })).json();
  created = operationsOf(w.t.app).filter(
    (op) => doc.paths[op.path][op.method.toLowerCase()].responses['201'],
  );
  ownSetId = (await createSet(w, w.partner.token, 'location set')).id;
});

afterAll(() => rm(sourcesDir, { recursive: true, force: true }));

/** The bodies the fuzzer's valid ones leave to the schema's minimum, made valid by hand. */
const bodies = (): Record<string, Record<string, unknown>> => ({
  'POST /api/admin/catalogue/series': { name: 'z77' },
  'POST /api/admin/catalogue/models': { name: 'Z77 Pro', series: 'x19' },
  'POST /api/admin/catalogue/platforms': { name: 'zplat' },
  'POST /api/admin/catalogue/install-types': { name: 'zinstall' },
  'POST /api/admin/repositories': { name: 'z-repo', url: repositoryUrl },
  'POST /api/admin/releases': { version: '7.8.9-beta.1', tags: demoTags('x19') },
  'POST /api/admin/catalogue/combinations': { model: 'S19 Pro', platform: 'zplat', install_type: 'sd' },
  'POST /api/admin/catalogue/licenses': { name: 'Z License', region: 'Europe' },
  'POST /api/admin/catalogue/pool-presets': { pool: 'Z pool', url: 'stratum+tcp://z.example.test:3333' },
  'POST /api/client/account/tokens': { name: 'location', scope: 'read' },
  'POST /api/client/account/webhooks': { url: 'https://93.184.216.34/hook', events: ['build.finished'] },
  'POST /api/admin/workers': { name: 'zworker' },
});

/** The document's path template a concrete path fits, if any. */
function templateOf(path: string): string | undefined {
  return Object.keys(doc.paths).find((template) =>
    new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path),
  );
}

describe('Location on 201 (issue 38)', () => {
  it('is declared on every 201 of the document', () => {
    expect(created.length).toBeGreaterThanOrEqual(18);
    for (const op of created) {
      const header = doc.paths[op.path][op.method.toLowerCase()].responses['201'].headers?.Location;
      expect(header, op.key).toMatchObject({ schema: { type: 'string', format: 'uri-reference' } });
    }
  });

  it('is sent by every route that answers 201, as the API path of what it made', async () => {
    const problems: string[] = [];
    for (const op of created) {
      const admin = op.path.startsWith('/api/admin/');
      const token = admin ? w.admin.token : w.partner.token;
      const upload = op.contentTypes.includes('multipart/form-data') ? logoUpload(token) : undefined;
      const res = await request(w.t.app, {
        method: op.method,
        url: op.path,
        token,
        body: upload?.body ?? {
          ...validBody(op, w, ownSetId, 0),
          ...bodies()[op.key],
        },
        headers: upload?.headers,
      });
      if (res.statusCode !== 201) {
        problems.push(`${op.key}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        continue;
      }
      const location = res.headers.location;
      if (typeof location !== 'string') {
        problems.push(`${op.key}: no Location`);
        continue;
      }
      const url = new URL(location, 'http://console.test');
      const template = templateOf(url.pathname);
      if (!template) problems.push(`${op.key}: ${location} is no path of the document`);
      // It names what was made: its id, or its key.
      const made = res.json();
      const names = [made.id, made.name, made.user_id, made.model].filter((v) => v !== undefined).map(String);
      const named = url.pathname
        .split('/')
        .map(decodeURIComponent)
        .concat([...url.searchParams.values()]);
      if (!names.some((name) => named.includes(name)) && !template?.endsWith('firmware_ssh_key'))
        problems.push(`${op.key}: ${location} does not name ${names.join('/')}`);
      // Where the document has a GET there, it answers the thing made.
      if (template && doc.paths[template].get) {
        const got = await request(w.t.app, { url: location, token });
        if (got.statusCode !== 200) problems.push(`${op.key}: GET ${location} answered ${got.statusCode}`);
        else if (!JSON.stringify(got.json()).includes(JSON.stringify(made.id ?? made)))
          problems.push(`${op.key}: GET ${location} does not show what was made`);
      }
    }
    expect(problems).toEqual([]);
  });
});

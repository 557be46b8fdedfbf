// Issue 38: the document's `pattern`s say what the server accepts, blanks around a value included. A field the
// server trims before its rule (a set's name, a pool's fields) allows them in its pattern; one it checks as
// sent (a partner's worker, the catalogue's names) does not.
import { describe, expect, it } from 'vitest';
import { buildBody, createBuildWorld, createSet, pools } from '../../test/build-fixtures';
import { request } from '../../test/helper';
import { sharedWorld } from '../../test/shared-world';

const w = sharedWorld(createBuildWorld);

// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document is plain JSON walked by key.
type Json = any;

interface Case {
  /** The operation, as the document names it. */
  method: 'post' | 'patch';
  path: string;
  /** Where the field is in the request body's schema. */
  field: string[];
  admin?: boolean;
  /** The request with `value` in the field; the url when it differs from `path`. */
  send: (value: string, n: number) => Promise<{ url?: string; body: Json }>;
  /** Two values the rule accepts: the first sent bare, the second with blanks around it. */
  values: [string, string];
}

const partnerBody = (worker: string, n: number) => ({
  email: `pattern${n}@example.test`,
  password: 'long enough 1',
  worker,
});

const poolCase = (key: 'url' | 'account' | 'worker', values: [string, string]): Case => ({
  method: 'post',
  path: '/api/client/firmware/firmwares',
  field: ['fee_pools_configs', 'items', key],
  send: async (v, n) => {
    const set = await createSet(w, w.partner.token, `pattern pools ${key} ${n}`);
    return { body: buildBody(w, set.id, { fee_pools_configs: pools([{}, { [key]: v }]) }) };
  },
  values,
});

const cases: Case[] = [
  {
    method: 'post',
    path: '/api/client/firmware/groups',
    field: ['name'],
    send: async (name) => ({ body: { name } }),
    values: ['Padded farm', 'Padded farm 2'],
  },
  {
    method: 'patch',
    path: '/api/client/firmware/groups/{id}',
    field: ['name'],
    send: async (name, n) => {
      const set = await createSet(w, w.partner.token, `pattern rename ${n}`);
      return { url: `/api/client/firmware/groups/${set.id}`, body: { name } };
    },
    values: ['Renamed farm', 'Renamed farm 2'],
  },
  poolCase('url', ['stratum+tcp://pool.example.test:3333', 'stratum+tcp://pool.example.test:3334']),
  poolCase('account', ['partner.second', 'partner.third']),
  poolCase('worker', ['rig002', 'rig003']),
  {
    method: 'post',
    path: '/api/admin/users',
    field: ['worker'],
    admin: true,
    send: async (worker, n) => ({ body: partnerBody(worker, n) }),
    values: ['padded_worker', 'padded_worker2'],
  },
  {
    method: 'post',
    path: '/api/admin/users',
    field: ['email'],
    admin: true,
    send: async (email, n) => ({ body: { ...partnerBody(`worker_${n}`, n), email } }),
    values: ['padded1@example.test', 'padded2@example.test'],
  },
  {
    method: 'patch',
    path: '/api/admin/user',
    field: ['email'],
    admin: true,
    send: async (email) => ({ url: `/api/admin/user?user_id=${w.other.id}`, body: { email } }),
    values: ['other1@example.test', 'other2@example.test'],
  },
  {
    method: 'post',
    path: '/api/client/account/change-email',
    field: ['email'],
    send: async (email) => ({ body: { email } }),
    values: ['moved1@example.test', 'moved2@example.test'],
  },
  {
    method: 'patch',
    path: '/api/admin/user',
    field: ['worker'],
    admin: true,
    send: async (worker) => ({ url: `/api/admin/user?user_id=${w.other.id}`, body: { worker } }),
    values: ['other_worker', 'other_worker2'],
  },
  {
    method: 'post',
    path: '/api/admin/catalogue/series',
    field: ['name'],
    admin: true,
    send: async (name) => ({ body: { name } }),
    values: ['p', 'p2'],
  },
  {
    method: 'post',
    path: '/api/admin/catalogue/models',
    field: ['name'],
    admin: true,
    send: async (name) => ({ body: { name, series: 'x19' } }),
    values: ['P', 'P2'],
  },
  {
    method: 'post',
    path: '/api/admin/catalogue/platforms',
    field: ['name'],
    admin: true,
    send: async (name) => ({ body: { name } }),
    values: ['pplat', 'pplat2'],
  },
  {
    method: 'post',
    path: '/api/admin/catalogue/install-types',
    field: ['name'],
    admin: true,
    send: async (name) => ({ body: { name } }),
    values: ['pinst', 'pinst2'],
  },
];

/** The request body's schema of an operation, its `$ref`s followed. */
function bodySchema(doc: Json, method: string, path: string): Json {
  const deref = (schema: Json): Json =>
    schema?.$ref ? doc.components.schemas[schema.$ref.split('/').pop()] : schema;
  return deref(doc.paths[path][method].requestBody.content['application/json'].schema);
}

function fieldSchema(doc: Json, c: Case): Json {
  let schema = bodySchema(doc, c.method, c.path);
  for (const key of c.field) schema = key === 'items' ? schema.items : schema.properties[key];
  return schema;
}

/** Every request-body field of the document with a pattern that a contract rule enforces, as `pattern field`. */
function patternedFields(doc: Json): Set<string> {
  const found = new Set<string>();
  const walk = (schema: Json, field: string) => {
    if (!schema || typeof schema !== 'object') return;
    if (schema.$ref) return walk(doc.components.schemas[schema.$ref.split('/').pop()], field);
    if (typeof schema.pattern === 'string') found.add(`${schema.pattern} ${field}`);
    for (const [key, value] of Object.entries(schema.properties ?? {})) walk(value, key);
    if (schema.items) walk(schema.items, field);
    for (const option of schema.anyOf ?? []) walk(option, field);
  };
  for (const [path, operations] of Object.entries(doc.paths as Record<string, Json>)) {
    // The agent's and the repositories' patterns are the validator's own (no rule of ours behind them).
    if (path.startsWith('/api/agent/') || path.startsWith('/api/admin/repositories')) continue;
    for (const operation of Object.values(operations as Record<string, Json>))
      walk(operation.requestBody?.content?.['application/json']?.schema, '');
  }
  return found;
}

describe("the document's patterns and the server's trimming (issue 38)", () => {
  it('cover every rule-enforced pattern of a request body', async () => {
    const doc = (await w.t.app.inject({ method: 'GET', url: '/api/docs' })).json();
    const covered = new Set(cases.map((c) => `${fieldSchema(doc, c).pattern} ${c.field.at(-1)}`));
    expect([...patternedFields(doc)].sort()).toEqual([...covered].sort());
  });

  it('accept a value with blanks around it on the server iff the documented pattern matches it', async () => {
    const doc = (await w.t.app.inject({ method: 'GET', url: '/api/docs' })).json();
    const disagreements: string[] = [];
    let n = 0;
    for (const c of cases) {
      const pattern = new RegExp(fieldSchema(doc, c).pattern, 'u');
      const token = c.admin ? w.admin.token : w.partner.token;
      const send = async (value: string) => {
        n += 1;
        const { url, body } = await c.send(value, n);
        const method = c.method.toUpperCase() as 'POST' | 'PATCH';
        return request(w.t.app, { method, url: url ?? c.path, token, body });
      };
      // The case itself is sound: the bare value passes both.
      const [bareValue, paddedValue] = c.values;
      expect(pattern.test(bareValue), `${c.path} ${bareValue}`).toBe(true);
      const bare = await send(bareValue);
      expect(bare.statusCode, `${c.path}: ${bare.body}`).toBeLessThan(300);

      const padded = `  ${paddedValue}\t`;
      const res = await send(padded);
      const accepted = res.statusCode < 300;
      if (!accepted && res.statusCode !== 422) disagreements.push(`${c.path}: ${res.statusCode} ${res.body}`);
      const documented = pattern.test(padded);
      if (accepted !== documented)
        disagreements.push(
          `${c.method} ${c.path} ${c.field.join('.')}: server ${accepted ? 'accepts' : 'refuses'} ` +
            `${JSON.stringify(padded)}, the pattern ${documented ? 'matches' : 'does not match'} it`,
        );
    }
    expect(disagreements).toEqual([]);
  });
});

// Spec §6 as a table: every route of the OpenAPI document, called by an anonymous visitor, a blocked
// account, a partner, a beta tester, a developer and an admin, with the ids of another partner's objects.
import { beforeAll, describe, expect, it } from 'vitest';
import { type Access, RULES, type Rule, UNDOCUMENTED } from '../test/authorization-rules';
import { pools } from '../test/build-fixtures';
import { request } from '../test/helper';
import {
  fillPath,
  minimalValue,
  type Operation,
  operationsOf,
  queryString,
  registeredRoutes,
  routeShape,
} from '../test/openapi-routes';
import {
  CALLERS,
  type Caller,
  createSecurityWorld,
  logoUpload,
  pathValues,
  queryValues,
  type SecurityWorld,
} from '../test/security-world';
import { sharedWorld } from '../test/shared-world';

const ALLOWED: Record<Exclude<Access, 'public' | 'agent'>, Caller[]> = {
  user: ['partner', 'tester', 'developer', 'admin'],
  staff: ['developer', 'admin'],
  admin: ['admin'],
};

/** What §6 lets `caller` get from a route: a check and its description. */
function expectation(rule: Rule, caller: Caller): { ok: (status: number) => boolean; text: string } {
  const exact = (status: number) => ({ ok: (s: number) => s === status, text: String(status) });
  const oneOf = (...statuses: number[]) => ({
    ok: (s: number) => statuses.includes(s),
    text: statuses.join(' or '),
  });
  const served = { ok: (s: number) => s < 500 && s !== 401 && s !== 403, text: 'served (not 401/403/5xx)' };
  const special = rule.expect?.[caller];
  if (special === 'served') return served;
  if (special !== undefined) return exact(special);
  if (rule.access === 'public') return { ok: (s) => s < 500 && s !== 401, text: 'public (not 401/5xx)' };
  if (caller === 'anonymous' || rule.access === 'agent') return exact(401);
  if (caller === 'blocked') return oneOf(401, 403);
  if (!ALLOWED[rule.access].includes(caller)) return exact(403);
  if (rule.foreign) return exact(404);
  return served;
}

/** A body that passes the schema, so that the check reaches the permission rather than validation. */
function bodyFor(w: SecurityWorld, op: Operation, token: string | undefined) {
  const { victim } = w;
  switch (op.key) {
    case 'POST /api/client/account/logo':
      return logoUpload(token);
    case 'POST /api/client/firmware/firmwares':
      return {
        body: {
          group_id: victim.set.id,
          model: 'S19 Pro',
          platform: 'amlogic',
          install_type: 'nand',
          release_id: w.releases.x19v1,
          license_id: w.licenseId,
          fee_pools_configs: pools(),
        },
      };
    case 'PATCH /api/client/firmware/firmwares/{id}/pool':
    case 'PATCH /api/admin/firmwares/pool':
      return { body: { fee_pools_configs: pools() } };
    case 'POST /api/admin/users':
      return { body: { email: 'matrix-new@example.test', password: 'password123', worker: 'matrixnew' } };
    case 'POST /api/admin/user/fee':
      return { body: { user_id: victim.id, series: 'l9', min_dev_fee: 2, min_total_fee: 3 } };
    case 'PUT /api/admin/series-repository':
      return { body: { series: 'x19', repositories: ['web-ui'] } };
    case 'POST /api/admin/repositories':
      return { body: { name: 'matrix-repo', url: '/srv/repos/matrix-repo' } };
    case 'PATCH /api/admin/user':
      return { body: { worker: 'victimworker' } };
    case 'PATCH /api/client/account/info':
      return { body: { language: 'en' } };
    default:
      return op.body ? { body: minimalValue(op.body) } : {};
  }
}

function urlFor(w: SecurityWorld, op: Operation): string {
  const values = queryValues(w, op.path);
  const query: Record<string, unknown> = {};
  for (const param of op.queryParams) if (param.name in values) query[param.name] = values[param.name];
  return fillPath(op.path, pathValues(w, op.path)) + queryString(query);
}

// Reads first, then writes, then removals; removing the victim account comes last of all.
const order = (op: Operation) =>
  (op.method === 'GET' ? 0 : op.method === 'DELETE' ? 2 : 1) + (op.key === 'DELETE /api/admin/user' ? 1 : 0);

const w = sharedWorld(createSecurityWorld);

let operations: Operation[];

beforeAll(async () => {
  operations = operationsOf(w.t.app).sort((a, b) => order(a) - order(b));
});

describe('authorization matrix (spec §6)', () => {
  it('has a row for every route of the OpenAPI document, and no row for a route that is gone', () => {
    const documented = operations.map((op) => op.key).sort();
    expect(
      documented.filter((key) => !(key in RULES)),
      'routes without a row in RULES',
    ).toEqual([]);
    expect(
      Object.keys(RULES).filter((key) => !documented.includes(key)),
      'rows without a route',
    ).toEqual([]);
  });

  it('documents every /api route of the router, except the few kept out of the document on purpose', () => {
    const documented = new Set(operations.map((op) => routeShape(op.key)));
    const undocumented = registeredRoutes(w.t.app).filter((route) => !documented.has(route));
    expect(undocumented.sort()).toEqual(Object.keys(UNDOCUMENTED).sort());
  });

  it('answers every caller of every route as the table says', async () => {
    const failures: string[] = [];
    for (const op of operations) {
      const rule = RULES[op.key];
      if (!rule) continue;
      const url = urlFor(w, op);
      for (const caller of CALLERS) {
        const token = w.tokens[caller];
        const res = await request(w.t.app, { method: op.method, url, token, ...bodyFor(w, op, token) });
        const expected = expectation(rule, caller);
        if (!expected.ok(res.statusCode)) {
          failures.push(
            `${op.method} ${url} as ${caller}: ${res.statusCode}, wanted ${expected.text} — ${res.body.slice(0, 160)}`,
          );
        }
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses a role without permission before reading the body: 403, not a 422 that describes the schema', async () => {
    const failures: string[] = [];
    for (const op of operations) {
      const rule = RULES[op.key];
      if (!op.body || !rule || rule.access === 'public' || rule.access === 'agent') continue;
      for (const caller of CALLERS) {
        if (caller === 'anonymous' || caller === 'blocked' || ALLOWED[rule.access].includes(caller)) continue;
        const url = urlFor(w, op);
        const res = await request(w.t.app, {
          method: op.method,
          url,
          token: w.tokens[caller],
          body: { unexpected: [] },
        });
        if (res.statusCode !== 403) failures.push(`${op.method} ${url} as ${caller}: ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("refuses another partner's SSH keys, logo and set named inside a body with 404, writing nothing", async () => {
    const { victim } = w;
    const own = await request(w.t.app, {
      method: 'POST',
      url: '/api/client/firmware/groups',
      token: w.partner.token,
      body: { name: 'cross refs' },
    });
    expect(own.statusCode, own.body).toBe(201);
    const ownId = own.json<{ id: number }>().id;
    const attempts: { method: 'POST' | 'PATCH'; url: string; body: Record<string, unknown> }[] = [
      {
        method: 'POST',
        url: '/api/client/firmware/groups',
        body: { name: 'borrowed keys', ssh_keys: [victim.sshKeyId] },
      },
      {
        method: 'POST',
        url: '/api/client/firmware/groups',
        body: { name: 'borrowed logo', logo_id: victim.logoId },
      },
      { method: 'PATCH', url: `/api/client/firmware/groups/${ownId}`, body: { ssh_keys: [victim.sshKeyId] } },
      { method: 'PATCH', url: `/api/client/firmware/groups/${ownId}`, body: { logo_id: victim.logoId } },
    ];
    for (const attempt of attempts) {
      const res = await request(w.t.app, { ...attempt, token: w.partner.token });
      expect(
        res.statusCode,
        `${attempt.method} ${attempt.url} ${JSON.stringify(attempt.body)}: ${res.body}`,
      ).toBe(404);
    }
    const sets = await request(w.t.app, { url: '/api/client/firmware/groups', token: w.partner.token });
    const mine = sets.json<{ id: number; name: string; ssh_keys: number[]; logo_id: number }[]>();
    expect(mine.map((set) => set.name)).not.toContain('borrowed keys');
    expect(mine.find((set) => set.id === ownId)).toMatchObject({ ssh_keys: [], logo_id: 1 });
  });
});

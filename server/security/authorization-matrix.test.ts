// Spec §6 as a table: every route of the OpenAPI document, called by an anonymous visitor, a blocked
// account, a partner, a beta tester, a developer and an admin, with the ids of another partner's objects.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

/**
 * Who may use a route:
 * - public: anyone, no token needed (the answer is never 401 for lack of one);
 * - agent: build agents with a worker token; an account's token is refused with 401;
 * - user: every signed-in account; admin-or-developer (staff); admin.
 * `foreign`: the route acts on the caller's own objects; with another partner's ids the answer is 404 for
 * every role allowed (never 200, never 403, which would tell the object exists).
 * `expect`: an exact status (or 'served') for one caller where §6 says more than the access level.
 */
type Access = 'public' | 'agent' | 'user' | 'staff' | 'admin';
interface Rule {
  access: Access;
  foreign?: boolean;
  expect?: Partial<Record<Caller, number | 'served'>>;
}

const RULES: Record<string, Rule> = {
  'GET /api/health/live': { access: 'public' },
  'GET /api/health/ready': { access: 'public' },
  'GET /api/auth/xsrf': { access: 'public' },
  // The matrix signs in with an unknown e-mail: refused alike for everyone, token or not.
  'POST /api/auth/sign-in': { access: 'public', expect: Object.fromEntries(CALLERS.map((c) => [c, 401])) },
  'POST /api/auth/forgot-password': { access: 'public' },
  'POST /api/auth/reset-password': { access: 'public' },
  'POST /api/client/account/confirm-change-email': { access: 'public' },
  // Release e-mails (issue 15): the signed link is the credential; a made-up token is refused alike.
  'POST /api/mail/unsubscribe': { access: 'public' },
  'GET /api/mail/unsubscribe': { access: 'public' },
  'GET /api/logos/{public_id}/{variant}': { access: 'public' },
  'GET /api/client/firmware/firmwares/links': { access: 'public' },
  'GET /api/files/firmwares/{uuid}': { access: 'public' },
  'GET /api/files/firmwares/{uuid}/attestation': { access: 'public' },
  'GET /api/signing-key': { access: 'public' },

  'GET /api/client/account/info': { access: 'user' },
  'PATCH /api/client/account/info': { access: 'user' },
  'POST /api/client/account/change-email': { access: 'user' },
  'POST /api/client/account/change-password': { access: 'user' },
  'POST /api/client/account/logo': { access: 'user' },
  'GET /api/client/firmware/series': { access: 'user' },
  'GET /api/client/firmware/models': { access: 'user' },
  'GET /api/client/firmware/platform': { access: 'user' },
  'GET /api/client/firmware/install_type': { access: 'user' },
  'GET /api/client/firmware/model-platform-install_type': { access: 'user' },
  'GET /api/client/languages': { access: 'user' },
  'GET /api/client/releases': { access: 'user' },
  'GET /api/client/firmware/logo': { access: 'user' },
  'DELETE /api/client/firmware/logo/{id}': { access: 'user', foreign: true },
  'GET /api/client/firmware/firmware_ssh_key': { access: 'user' },
  'POST /api/client/firmware/firmware_ssh_key': { access: 'user' },
  'PUT /api/client/firmware/firmware_ssh_key': { access: 'user', foreign: true },
  'DELETE /api/client/firmware/firmware_ssh_key': { access: 'user', foreign: true },
  'GET /api/client/firmware/license': { access: 'user' },
  'GET /api/client/pool-url': { access: 'user' },
  'GET /api/client/firmware/build-options/defaults': { access: 'user' },
  'GET /api/client/firmware/groups': { access: 'user' },
  'POST /api/client/firmware/groups': { access: 'user' },
  'PATCH /api/client/firmware/groups/{id}': { access: 'user', foreign: true },
  'DELETE /api/client/firmware/groups/{id}': { access: 'user', foreign: true },
  'POST /api/client/firmware/groups/{id}/rebuild': { access: 'user', foreign: true },
  'POST /api/client/firmware/groups/{id}/upgrade': { access: 'user', foreign: true },
  // Listing builds filtered by another partner's set is refused like the set itself.
  'GET /api/client/firmware/firmwares': { access: 'user', foreign: true },
  'POST /api/client/firmware/firmwares': { access: 'user', foreign: true },
  'PATCH /api/client/firmware/firmwares/{id}': { access: 'user', foreign: true },
  'DELETE /api/client/firmware/firmwares/{id}': { access: 'user', foreign: true },
  'PATCH /api/client/firmware/firmwares/{id}/pool': { access: 'user', foreign: true },
  'POST /api/client/firmware/firmwares/rebuild': { access: 'user', foreign: true },
  'POST /api/client/firmware/firmwares/{id}/upgrade': { access: 'user', foreign: true },
  'GET /api/client/firmware/firmwares/{id}/log': {
    access: 'user',
    foreign: true,
    expect: { admin: 'served' },
  },
  'GET /api/client/firmware/firmwares/{id}/log.txt': {
    access: 'user',
    foreign: true,
    expect: { admin: 'served' },
  },
  // Issue 17: a build's history, as its log.
  'GET /api/client/firmware/firmwares/{id}/runs': {
    access: 'user',
    foreign: true,
    expect: { admin: 'served' },
  },
  'GET /api/client/firmware/tasks': { access: 'user' },
  // Spec §6: tasks of every partner are the admin's (the all-tasks tab), through the same task routes.
  'DELETE /api/client/firmware/tasks': { access: 'user', foreign: true, expect: { admin: 'served' } },
  'GET /api/client/firmware/tasks/status': { access: 'user' },
  'POST /api/client/firmware/tasks/{id}/cancel': {
    access: 'user',
    foreign: true,
    expect: { admin: 'served' },
  },

  // Admin or developer: partners list, agents, components, releases (a developer changes only their own).
  'POST /api/admin/releases': { access: 'staff' },
  'PATCH /api/admin/releases/{id}': { access: 'staff', expect: { developer: 403 } },
  'DELETE /api/admin/releases/{id}': { access: 'staff', expect: { developer: 403 } },
  'PATCH /api/admin/releases/{release_id}/descriptions': { access: 'staff', expect: { developer: 403 } },
  'GET /api/admin/repositories': { access: 'staff' },
  'GET /api/admin/series-repository': { access: 'staff' },
  'GET /api/admin/repositories-tags': { access: 'staff' },
  'GET /api/admin/users': { access: 'staff' },
  'GET /api/admin/workers': { access: 'staff' },

  'POST /api/admin/repositories': { access: 'admin' },
  'POST /api/admin/signing-key/rotate': { access: 'admin' },
  'DELETE /api/admin/repositories/{id}': { access: 'admin' },
  'PUT /api/admin/series-repository': { access: 'admin' },
  'POST /api/admin/users': { access: 'admin' },
  'GET /api/admin/user': { access: 'admin' },
  'PATCH /api/admin/user': { access: 'admin' },
  'DELETE /api/admin/user': { access: 'admin' },
  'POST /api/admin/user/restore': { access: 'admin' },
  'POST /api/admin/releases/{id}/restore': { access: 'admin' },
  'POST /api/admin/user/fee': { access: 'admin' },
  'PATCH /api/admin/user/fee': { access: 'admin' },
  'DELETE /api/admin/user/fee': { access: 'admin' },
  'GET /api/admin/license': { access: 'admin' },
  'GET /api/admin/analytics': { access: 'admin' },
  'GET /api/admin/groups/build-options': { access: 'admin' },
  'PATCH /api/admin/groups/{id}': { access: 'admin' },
  'DELETE /api/admin/groups/{id}': { access: 'admin' },
  'POST /api/admin/groups/{id}/rebuild': { access: 'admin' },
  'POST /api/admin/groups/{id}/upgrade': { access: 'admin' },
  'POST /api/admin/groups/{id}/restore': { access: 'admin' },
  'GET /api/admin/firmwares': { access: 'admin' },
  'PATCH /api/admin/firmwares': { access: 'admin' },
  'GET /api/admin/firmwares/uuid/{uuid}': { access: 'admin' },
  'GET /api/admin/firmwares/users/{id}/groups': { access: 'admin' },
  'GET /api/admin/firmwares/active': { access: 'admin' },
  'PATCH /api/admin/firmwares/pool': { access: 'admin' },
  'POST /api/admin/firmwares/rebuild': { access: 'admin' },
  'DELETE /api/admin/firmwares/{id}': { access: 'admin' },
  'GET /api/admin/firmwares/{id}/log': { access: 'admin' },
  'GET /api/admin/firmwares/{id}/log.txt': { access: 'admin' },
  'GET /api/admin/firmwares/{id}/runs': { access: 'admin' },
  'POST /api/admin/workers': { access: 'admin' },
  'PUT /api/admin/workers/{id}': { access: 'admin' },
  'DELETE /api/admin/workers/{id}': { access: 'admin' },
  'GET /api/admin/firmwares/tasks': { access: 'admin' },
  'GET /api/admin/firmwares/tasks/status': { access: 'admin' },
  'GET /api/admin/firmwares/users/{id}/tasks': { access: 'admin' },
  // Running the service (issue 17)
  'GET /api/admin/audit': { access: 'admin' },
  'GET /api/admin/impact': { access: 'staff' },
  'GET /api/admin/exports/partners.csv': { access: 'admin' },
  'GET /api/admin/exports/licenses.csv': { access: 'admin' },
  'GET /api/admin/exports/builds.csv': { access: 'admin' },

  // The catalogue from the console (issue 17).
  'GET /api/admin/catalogue/series': { access: 'admin' },
  'POST /api/admin/catalogue/series': { access: 'admin' },
  'PATCH /api/admin/catalogue/series/{name}': { access: 'admin' },
  'DELETE /api/admin/catalogue/series/{name}': { access: 'admin' },
  'GET /api/admin/catalogue/models': { access: 'admin' },
  'POST /api/admin/catalogue/models': { access: 'admin' },
  'PATCH /api/admin/catalogue/models/{name}': { access: 'admin' },
  'DELETE /api/admin/catalogue/models/{name}': { access: 'admin' },
  'GET /api/admin/catalogue/platforms': { access: 'admin' },
  'POST /api/admin/catalogue/platforms': { access: 'admin' },
  'PATCH /api/admin/catalogue/platforms/{name}': { access: 'admin' },
  'DELETE /api/admin/catalogue/platforms/{name}': { access: 'admin' },
  'GET /api/admin/catalogue/install-types': { access: 'admin' },
  'POST /api/admin/catalogue/install-types': { access: 'admin' },
  'DELETE /api/admin/catalogue/install-types/{name}': { access: 'admin' },
  'GET /api/admin/catalogue/combinations': { access: 'admin' },
  'POST /api/admin/catalogue/combinations': { access: 'admin' },
  'DELETE /api/admin/catalogue/combinations/{model}/{platform}/{install_type}': { access: 'admin' },
  'GET /api/admin/catalogue/licenses': { access: 'admin' },
  'POST /api/admin/catalogue/licenses': { access: 'admin' },
  'PATCH /api/admin/catalogue/licenses/{id}': { access: 'admin' },
  'DELETE /api/admin/catalogue/licenses/{id}': { access: 'admin' },
  'GET /api/admin/catalogue/pool-presets': { access: 'admin' },
  'POST /api/admin/catalogue/pool-presets': { access: 'admin' },
  'PATCH /api/admin/catalogue/pool-presets/{id}': { access: 'admin' },
  'DELETE /api/admin/catalogue/pool-presets/{id}': { access: 'admin' },

  'POST /api/agent/heartbeat': { access: 'agent' },
  'POST /api/agent/jobs/claim': { access: 'agent' },
  'POST /api/agent/jobs/{id}/events': { access: 'agent' },
  'POST /api/agent/jobs/{id}/finish': { access: 'agent' },
  'PUT /api/agent/jobs/{id}/artifact': { access: 'agent' },
  'GET /api/agent/jobs/{id}/sources/{repository}': { access: 'agent' },
  'GET /api/agent/sources/{repository}': { access: 'agent' },
  'GET /api/agent/jobs/{id}/logo/{variant}': { access: 'agent' },
};

/** Routes hidden from the document, with who may use them; each has its own tests. */
const UNDOCUMENTED: Record<string, string> = {
  'GET /api/docs': 'public: the OpenAPI document itself (routes/docs/openapi.test.ts)',
  'GET /api/client/ws':
    'every signed-in account (admins and developers every build, others their own), token in the query (routes/client/ws.test.ts)',
  'GET /api/metrics': 'Prometheus scrape: public unless METRICS_TOKEN is set (plugins/metrics-plugin.ts)',
};

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

let w: SecurityWorld;
let operations: Operation[];

beforeAll(async () => {
  w = await createSecurityWorld();
  operations = operationsOf(w.t.app).sort((a, b) => order(a) - order(b));
});

afterAll(() => w?.close());

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

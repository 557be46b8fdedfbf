// Schema-driven fuzzing of every write route of the OpenAPI document: from each body and query schema,
// seeded cases of wrong types, huge and odd strings, odd numbers, missing and unknown fields, wrong shapes
// and broken JSON. Never a 5xx; a 4xx in the API's error format; a refused request changes no table.

import type { LightMyRequestResponse } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Build } from '../../contract/schemas/build-schemas';
import type { BuildSet } from '../../contract/schemas/set-schemas';
import { type Claimed, claim } from '../test/agent-fixtures';
import { api, buildBody, createSet, submit } from '../test/build-fixtures';
import { documentJudge } from '../test/document-answers';
import { validBody } from '../test/fuzz-bodies';
import {
  bodyCases,
  CASES_PER_ROUTE,
  type FuzzCase,
  pathCases,
  queryCases,
  RANDOM_AT_LEAST,
  routeCases,
  SEED,
} from '../test/fuzz-cases';
import { request, TEST_XSRF } from '../test/helper';
import {
  expectErrorShape,
  fillPath,
  type Operation,
  operationsOf,
  pick,
  queryString,
  seededRandom,
  snapshotTables,
} from '../test/openapi-routes';
import { createSecurityWorld, ED25519, pathValues, queryValues } from '../test/security-world';
import { sharedWorld } from '../test/shared-world';

const w = sharedWorld(createSecurityWorld);

let operations: Operation[];
let own: { set: BuildSet; build: Build; sshKeyId: number };
/** The job the security world's agent holds: the agent routes' handlers run past their lease check. */
let held: Claimed;
let judge: Awaited<ReturnType<typeof documentJudge>>;

beforeAll(async () => {
  judge = await documentJudge(w.t.app);
  operations = operationsOf(w.t.app);
  const set = await createSet(w, w.partner.token, 'fuzz set');
  const build = await submit(w, w.partner.token, buildBody(w, set.id));
  const key = await api(w, 'POST', '/client/firmware/firmware_ssh_key', w.partner.token, {
    name: 'fuzz key',
    key: ED25519,
  });
  own = { set, build, sshKeyId: key.json<{ id: number }>().id };
  // The oldest pending build is the victim's, whose id the agent paths take (pathValues).
  held = (await claim(w, w.workerToken)) as Claimed;
  expect(held?.id).toBe(w.victim.build.id);
});

type Caller = 'anonymous' | 'partner' | 'admin' | 'agent';

function callerOf(op: Operation): Caller {
  if (op.path.startsWith('/api/agent/')) return 'agent';
  if (op.path.startsWith('/api/auth/') || op.path.endsWith('/confirm-change-email')) return 'anonymous';
  return op.path.startsWith('/api/admin/') ? 'admin' : 'partner';
}

function urlOf(op: Operation, query: Record<string, unknown>, path: Record<string, string> = {}): string {
  const values = pathValues(w, op.path);
  if (callerOf(op) === 'partner') {
    values.id = /\/groups\//.test(op.path) ? own.set.id : own.build.id;
  }
  return fillPath(op.path, { ...values, ...path }) + queryString(query);
}

function baseQuery(op: Operation): Record<string, unknown> {
  const values = queryValues(w, op.path);
  if (callerOf(op) === 'partner')
    Object.assign(values, { firmware_id: own.build.id, ids: own.build.id, id: own.sshKeyId });
  const query: Record<string, unknown> = {};
  for (const param of op.queryParams) if (param.name in values) query[param.name] = values[param.name];
  return query;
}

function send(
  op: Operation,
  fuzz: FuzzCase,
  query: Record<string, unknown>,
): Promise<LightMyRequestResponse> {
  const caller = callerOf(op);
  const url = urlOf(op, fuzz.query ?? query, fuzz.path);
  if (caller === 'agent') {
    const payload = fuzz.raw?.payload ?? (fuzz.body === undefined ? undefined : JSON.stringify(fuzz.body));
    const contentType = fuzz.raw?.contentType ?? 'application/json';
    return w.t.app.inject({
      method: op.method,
      url,
      headers: {
        authorization: `Bearer ${w.workerToken}`,
        ...(payload === undefined ? {} : { 'content-type': contentType }),
        ...fuzz.headers,
      },
      ...(payload === undefined ? {} : { payload }),
    });
  }
  const token = caller === 'anonymous' ? undefined : caller === 'admin' ? w.admin.token : w.partner.token;
  if (fuzz.raw) {
    return request(w.t.app, {
      method: op.method,
      url,
      token,
      body: fuzz.raw.payload,
      headers: { 'content-type': fuzz.raw.contentType },
    });
  }
  return request(w.t.app, {
    method: op.method,
    url,
    token,
    ...(fuzz.body === undefined
      ? {}
      : { body: JSON.stringify(fuzz.body), headers: { 'content-type': 'application/json' } }),
  });
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
// Multipart uploads have their own tests (logo-upload); claim takes no input.
const SKIPPED = new Set(['POST /api/client/account/logo']);
const isAgent = (op: Operation) => op.path.startsWith('/api/agent/');
/**
 * What an API token's request writes for itself: its rate window. (Its first use, audited, is made before the
 * cases; its last-used time moves once a minute at most, and each route gets a fresh token.)
 */
const TOKEN_BOOKKEEPING = ['api_token_rates'];

describe('fuzzing the API', () => {
  it('never answers 5xx, answers 4xx in the error format, and a refused request writes nothing', async () => {
    const random = seededRandom(SEED);
    const failures: string[] = [];
    let before = await snapshotTables(w.t.db);
    let total = 0;
    // The agent routes first, while the job they act on is surely held (an admin route may end or requeue
    // it); removals last, so that the objects the other routes act on stay.
    const rank = (op: Operation) => (isAgent(op) ? 0 : op.method === 'DELETE' ? 2 : 1);
    const writes = operations
      .filter(
        (op) =>
          WRITES.has(op.method) &&
          !SKIPPED.has(op.key) &&
          (op.body || op.queryParams.length > 0 || op.pathParams.length > 0),
      )
      .sort((a, b) => rank(a) - rank(b));
    // Every agent route that takes input is fuzzed, with the worker token, against a job its agent holds.
    expect(writes.filter(isAgent).map((op) => op.key)).toEqual(
      expect.arrayContaining([
        'POST /api/agent/heartbeat',
        'POST /api/agent/jobs/{id}/events',
        'POST /api/agent/jobs/{id}/finish',
        'PUT /api/agent/jobs/{id}/artifact',
      ]),
    );
    for (const op of writes) {
      const query = baseQuery(op);
      const base = validBody(op, w, own.set.id, held.attempt);
      const { fixed: bodyFixed, random: mutations } = op.body
        ? bodyCases(op.body, base)
        : { fixed: [], random: [] };
      const fixed = [...bodyFixed, ...routeCases(op, base)];
      if (op.key === 'POST /api/agent/jobs/{id}/events') {
        // The well-formed batch is taken: the cases below reach the handler, not only the lease check.
        const res = await send(op, { label: 'base', body: base }, query);
        expect(res.statusCode, res.body).toBe(200);
        before = await snapshotTables(w.t.db);
      }
      const withBody = (fuzz: FuzzCase): FuzzCase =>
        op.body && fuzz.body === undefined && !fuzz.raw ? { ...fuzz, body: base } : fuzz;
      const cases = [
        ...fixed,
        ...pick(
          [...mutations, ...[...queryCases(op, query), ...pathCases(op)].map(withBody)],
          Math.max(RANDOM_AT_LEAST, CASES_PER_ROUTE - fixed.length),
          random,
        ),
      ];
      const started = Date.now();
      for (const fuzz of cases) {
        total += 1;
        const label = `${op.key} [${fuzz.label}]`;
        const res = await send(op, fuzz, query);
        // Issue 38: a status the document declares, and a body matching its schema.
        const breach = judge(op, res);
        if (breach && res.statusCode < 500) failures.push(`${label}: ${breach}`);
        if (res.statusCode >= 500) {
          failures.push(`${label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
          before = await snapshotTables(w.t.db);
          continue;
        }
        if (res.statusCode < 400) {
          before = await snapshotTables(w.t.db);
          continue;
        }
        try {
          expectErrorShape(res, label);
        } catch (error) {
          failures.push(String(error).slice(0, 300));
        }
        const after = await snapshotTables(w.t.db);
        const changed = Object.keys(after).filter((table) => after[table] !== before[table]);
        if (changed.length > 0) {
          failures.push(`${label}: refused with ${res.statusCode} but changed ${changed.join(', ')}`);
        }
        before = after;
      }
      if (process.env.FUZZ_TIMING) console.log(op.key, cases.length, Date.now() - started);
    }
    expect(total).toBeGreaterThan(500);
    expect(failures).toEqual([]);
  }, 900_000);

  // Issue 38: partners automate with API tokens, which need no XSRF pair: their own write routes fuzzed with
  // one (scope build), and every admin write route fuzzed as a partner, which must refuse and change nothing.
  // A few cases per route in `npm test`; FUZZ_CASES raises it.
  it("fuzzes a partner's writes through an API token, and the admin writes as a partner", async () => {
    const random = seededRandom(SEED + 2);
    const perRoute = Number(process.env.FUZZ_CASES ?? 4);
    const failures: string[] = [];
    let total = 0;
    // The token's own bookkeeping (its rate window) is not a write of the request's.
    const changedTables = (a: Record<string, string>, b: Record<string, string>) =>
      Object.keys(b).filter((table) => b[table] !== a[table] && !TOKEN_BOOKKEEPING.includes(table));
    const writes = operations.filter(
      (op) =>
        WRITES.has(op.method) &&
        !SKIPPED.has(op.key) &&
        !isAgent(op) &&
        op.method !== 'DELETE' &&
        (op.body || op.queryParams.length > 0 || op.pathParams.length > 0),
    );
    const partnerOwn = writes.filter((op) => callerOf(op) === 'partner');
    const adminOnly = writes.filter((op) => callerOf(op) === 'admin');
    expect(partnerOwn.length).toBeGreaterThan(10);
    expect(adminOnly.length).toBeGreaterThan(10);
    for (const op of [...partnerOwn, ...adminOnly]) {
      const asAdminRoute = callerOf(op) === 'admin';
      // A fresh token per route (the rate limit is per token), used once before the cases: its first use is
      // audited, which is no write of the cases.
      const made = await api(w, 'POST', '/client/account/tokens', w.partner.token, {
        name: `fuzz ${total}`,
        scope: 'build',
      });
      expect(made.statusCode, made.body).toBe(201);
      const token = made.json<{ token: string }>().token;
      await w.t.app.inject({
        url: '/api/client/account/info',
        headers: { authorization: `Bearer ${token}` },
      });
      const query = baseQuery(op);
      const base = validBody(op, w, own.set.id, held.attempt);
      const { fixed, random: mutations } = op.body ? bodyCases(op.body, base) : { fixed: [], random: [] };
      const withBody = (fuzz: FuzzCase): FuzzCase =>
        op.body && fuzz.body === undefined && !fuzz.raw ? { ...fuzz, body: base } : fuzz;
      const cases = pick(
        [...fixed, ...mutations, ...[...queryCases(op, query), ...pathCases(op)].map(withBody)],
        perRoute,
        random,
      );
      let before = await snapshotTables(w.t.db);
      for (const fuzz of cases) {
        total += 1;
        const label = `${op.key} as partner${asAdminRoute ? '' : ' with an API token'} [${fuzz.label}]`;
        const url = urlOf(op, fuzz.query ?? query, fuzz.path);
        const payload =
          fuzz.raw?.payload ?? (fuzz.body === undefined ? undefined : JSON.stringify(fuzz.body));
        const res = asAdminRoute
          ? await request(w.t.app, {
              method: op.method,
              url,
              token: w.partner.token,
              body: payload,
              headers:
                payload === undefined ? {} : { 'content-type': fuzz.raw?.contentType ?? 'application/json' },
            })
          : await w.t.app.inject({
              method: op.method,
              url,
              headers: {
                authorization: `Bearer ${token}`,
                ...(payload === undefined
                  ? {}
                  : { 'content-type': fuzz.raw?.contentType ?? 'application/json' }),
              },
              ...(payload === undefined ? {} : { payload }),
            });
        const breach = judge(op, res);
        if (breach && res.statusCode < 500) failures.push(`${label}: ${breach}`);
        if (res.statusCode >= 500) failures.push(`${label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        if (asAdminRoute && res.statusCode < 400)
          failures.push(`${label}: a partner's write on an admin route answered ${res.statusCode}`);
        if (res.statusCode < 400) {
          before = await snapshotTables(w.t.db);
          continue;
        }
        try {
          expectErrorShape(res, label);
        } catch (error) {
          failures.push(String(error).slice(0, 300));
        }
        const after = await snapshotTables(w.t.db);
        const changed = changedTables(before, after);
        if (changed.length > 0)
          failures.push(`${label}: refused with ${res.statusCode} but changed ${changed}`);
        before = after;
      }
    }
    expect(total).toBeGreaterThanOrEqual((partnerOwn.length + adminOnly.length) * Math.min(perRoute, 2));
    expect(failures).toEqual([]);
  }, 900_000);

  it('answers odd query and path values of read routes with a 4xx in the error format, never a 5xx', async () => {
    const random = seededRandom(SEED + 1);
    const failures: string[] = [];
    const reads = operations.filter(
      (op) => op.method === 'GET' && op.queryParams.length + op.pathParams.length > 0,
    );
    for (const op of reads) {
      const query = baseQuery(op);
      for (const fuzz of pick([...queryCases(op, query), ...pathCases(op)], 16, random)) {
        const res = await send(op, fuzz, query);
        const label = `${op.key} [${fuzz.label}]`;
        if (res.statusCode >= 500) failures.push(`${label}: ${res.statusCode} ${res.body.slice(0, 200)}`);
        else if (res.statusCode >= 400) {
          try {
            expectErrorShape(res, label);
          } catch (error) {
            failures.push(String(error).slice(0, 300));
          }
        }
      }
    }
    expect(failures).toEqual([]);
  }, 300_000);

  it('answers 413 in the error format for a body over the limit, writing nothing', async () => {
    const before = await snapshotTables(w.t.db);
    const res = await request(w.t.app, {
      method: 'POST',
      url: '/api/client/firmware/groups',
      token: w.partner.token,
      body: JSON.stringify({ name: 'big', description: 'x'.repeat(2 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(413);
    expectErrorShape(res, 'oversize body');
    expect(await snapshotTables(w.t.db)).toEqual(before);
  });

  it('needs the XSRF pair on cookie-less writes too (the test helper sends it)', async () => {
    const res = await w.t.app.inject({
      method: 'POST',
      url: '/api/client/firmware/groups',
      headers: { authorization: `Bearer ${w.partner.token}`, 'x-xsrf-token': TEST_XSRF },
      payload: { name: 'no cookie' },
    });
    expect(res.statusCode).toBe(403);
  });
});

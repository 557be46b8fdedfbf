// Issue 36, finding 3: a build's uuid is the key to its public download (GET /api/files/firmwares/{uuid}), so
// nobody but its owner and admins may ever receive it. With a partner's build running on an agent, every GET
// route of the router is called as a developer and as a beta tester, with real ids in its path, and their live
// sockets listen to the build: the uuid must be in no answer, header or message. The routes come from the
// router itself, so a route added tomorrow is walked without anyone listing it here.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { claimJob, sendEvents } from '../test/agent-fixtures';
import { api, buildBody, createSet, submit } from '../test/build-fixtures';
import { request } from '../test/helper';
import { isReady, signInSocket } from '../test/live-socket-client';
import {
  fillPath,
  type Operation,
  operationsOf,
  queryString,
  registeredRoutes,
  routeShape,
} from '../test/openapi-routes';
import { createSecurityWorld, pathValues, queryValues } from '../test/security-world';
import { sharedWorld } from '../test/shared-world';

const w = sharedWorld(createSecurityWorld);

/** GET routes of the router this file does not call through `inject`, and why. */
const NOT_WALKED: Record<string, string> = {
  'GET /api/client/ws': 'the live socket: listened to below, during the build',
};

type Message = { fw_id: number; type: string; data: unknown };

/** The uuid in any spelling PostgreSQL reads: with or without dashes, either case. */
const holds = (text: string, uuid: string) =>
  text.toLowerCase().includes(uuid.toLowerCase()) ||
  text.toLowerCase().includes(uuid.replace(/-/g, '').toLowerCase());

let uuid: string;
let callers: Record<'developer' | 'tester', { token: string; ownSetLink: string }>;

async function connect(token: string) {
  const socket = await w.t.app.injectWS('/api/client/ws');
  const messages: string[] = [];
  socket.on('message', (data: Buffer) => {
    if (!isReady(data)) messages.push(data.toString());
  });
  await signInSocket(socket, token);
  return { socket, messages };
}

async function until(check: () => boolean, ms = 5_000) {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
}

beforeAll(async () => {
  uuid = w.victim.build.uuid as string;
  // Each caller has a set and a build of its own: the links page and the lists then answer something.
  const own = async (token: string) => {
    const set = await createSet(w, token, `own set ${randomUUID().slice(0, 8)}`);
    await submit(w, token, buildBody(w, set.id as number));
    return { token, ownSetLink: set.link_uuid as string };
  };
  callers = { developer: await own(w.developer.token), tester: await own(w.tester.token) };
});

/** The route's url as `token`'s caller would write it: the victim's ids, but no capability it cannot hold. */
function urlFor(op: Operation, ownSetLink: string): string {
  // A uuid in a path or a query is a capability: the caller names its own (a set's link) or an unknown one.
  const path = fillPath(op.path, { ...pathValues(w, op.path), uuid: randomUUID() });
  const values: Record<string, unknown> = { ...queryValues(w, op.path), uuid: ownSetLink };
  const query: Record<string, unknown> = {};
  for (const param of op.queryParams) if (param.name in values) query[param.name] = values[param.name];
  return path + queryString(query);
}

describe("a partner's running build's uuid (issue 36, finding 3)", () => {
  it('is in no answer or header of any GET route, for developers and beta testers', async () => {
    const victimBuild = w.victim.build;
    const sockets = {
      developer: await connect(callers.developer.token),
      tester: await connect(callers.tester.token),
    };
    // The victim's build is the oldest pending one: the world's agent takes it and reports on it.
    const job = await claimJob(w, w.workerToken);
    expect(job.id).toBe(victimBuild.id);
    const events = await sendEvents(w, w.workerToken, job, [
      { seq: 1, type: 'log', data: `Packing ${uuid}.tar.gz` },
      { seq: 2, type: 'log', data: `volume ${uuid.replace(/-/g, '').toUpperCase()}` },
      { seq: 3, type: 'progress', data: 40 },
    ]);
    expect(events.statusCode, events.body).toBeLessThan(300);

    // The build is live: admins see it on its agent, uuid and all (they may); developers see the agent busy.
    const adminView = await api(w, 'GET', '/admin/workers', w.admin.token);
    expect(holds(adminView.body, uuid), adminView.body).toBe(true);
    const devView = await api(w, 'GET', '/admin/workers', callers.developer.token);
    expect(devView.json<{ current_build: { id: number } | null }[]>()).toContainEqual(
      expect.objectContaining({ current_build: expect.objectContaining({ id: victimBuild.id }) }),
    );

    const operations = operationsOf(w.t.app).filter((op) => op.method === 'GET');
    const walked = new Set(operations.map((op) => routeShape(op.key)));
    // Routes the router holds outside the OpenAPI document (the document itself, metrics) are walked too.
    const extra = registeredRoutes(w.t.app).filter(
      (route) => route.startsWith('GET ') && !walked.has(route) && !(route in NOT_WALKED),
    );
    const failures: string[] = [];
    let served = 0;
    for (const [name, caller] of Object.entries(callers)) {
      const urls = [
        ...operations.map((op) => urlFor(op, caller.ownSetLink)),
        ...extra.map((route) => route.slice(4)),
      ];
      for (const url of urls) {
        const res = await request(w.t.app, { method: 'GET', url, token: caller.token });
        if (res.statusCode < 300) served += 1;
        if (holds(res.body, uuid)) failures.push(`GET ${url} as ${name}: ${res.statusCode} body`);
        if (holds(JSON.stringify(res.headers), uuid)) failures.push(`GET ${url} as ${name}: header`);
      }
    }
    expect(failures).toEqual([]);
    // The walk reached the routes rather than being refused everywhere.
    expect(served).toBeGreaterThan(20);

    // The tester follows its own builds only: its socket is checked for whatever reached it meanwhile.
    await until(() => sockets.developer.messages.length >= 3);
    const developerMessages = sockets.developer.messages.map((m) => JSON.parse(m) as Message);
    expect(developerMessages.filter((m) => m.fw_id === victimBuild.id)).toHaveLength(3);
    for (const [name, { messages, socket }] of Object.entries(sockets)) {
      for (const message of messages) expect(holds(message, uuid), `${name}: ${message}`).toBe(false);
      socket.terminate();
    }
  });

  it('names only routes the router holds among those it does not walk', () => {
    const gets = registeredRoutes(w.t.app).filter((route) => route.startsWith('GET '));
    expect(Object.keys(NOT_WALKED).filter((route) => !gets.includes(route))).toEqual([]);
  });
});

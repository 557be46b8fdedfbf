// Issue 12, finding 2: a live socket lives no longer than the session it was opened with. Whatever ends the
// session (password change, block, demotion, removal, expiry) closes the socket with a code the console
// understands, on every instance, and no build event reaches it afterwards.
import type { WebSocket } from '@fastify/websocket';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../app';
import { CLOSE_NOT_ALLOWED, CLOSE_SESSION_ENDED } from '../tasks/live-socket-sessions';
import { addAgent, type Claimed, createAgentWorld, queueAndClaim, sendEvents } from '../test/agent-fixtures';
import { api } from '../test/build-fixtures';
import { createSignedIn, createTestApp, forgeToken, request, type TestApp } from '../test/helper';
import { isReady, signInSocket } from '../test/live-socket-client';
import { sharedWorld } from '../test/shared-world';

type Message = { fw_id: number; type: string; data: unknown; seq: number };

interface Watched {
  socket: WebSocket;
  messages: Message[];
  closed?: { code: number; reason: string };
}

const w = sharedWorld(() => createAgentWorld());
let agentToken: string;
let job: Claimed;
let seq = 0;
let admin: Watched;

async function connect(token: string, app: App = w.t.app): Promise<Watched> {
  const socket = await app.injectWS('/api/client/ws');
  const watched: Watched = { socket, messages: [] };
  socket.on('message', (data: Buffer) => {
    if (!isReady(data)) watched.messages.push(JSON.parse(data.toString()));
  });
  socket.on('close', (code: number, reason: Buffer) => {
    watched.closed = { code, reason: reason.toString() };
  });
  await signInSocket(socket, token);
  return watched;
}

async function until(check: () => boolean, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
}

const lines = (watched: Watched) => watched.messages.map((m) => m.data);

/** The agent logs a line; answers once the admin's socket (which stays open) has it. */
async function agentLogs(line: string) {
  seq += 1;
  const res = await sendEvents(w, agentToken, job, [{ seq, type: 'log', data: line }]);
  expect(res.statusCode, res.body).toBeLessThan(300);
  await until(() => lines(admin).includes(line));
  expect(lines(admin)).toContain(line);
}

/** A developer with an open socket that is known to receive build events. */
async function liveDeveloper() {
  const developer = await createSignedIn(w.t.app, w.t.db, { role: 'developer' });
  const watched = await connect(developer.token);
  const line = `hello ${developer.account.id}`;
  await agentLogs(line);
  await until(() => lines(watched).includes(line));
  expect(lines(watched)).toContain(line);
  return { ...developer, watched };
}

/** The socket closes with `code`, and a build event sent afterwards reaches the admin but not it. */
async function expectClosedWith(watched: Watched, code: number) {
  await until(() => watched.closed !== undefined);
  expect(watched.closed?.code).toBe(code);
  const after = `after ${seq + 1}`;
  await agentLogs(after);
  expect(lines(watched)).not.toContain(after);
}

beforeAll(async () => {
  agentToken = (await addAgent(w, 'revocation-agent')).token;
  job = await queueAndClaim(w, agentToken);
  admin = await connect(w.admin.token);
});
afterAll(() => {
  admin?.socket.terminate();
});

describe('a live socket ends with its session', () => {
  it('closes with 4401 when the developer changes the password in another session', async () => {
    const developer = await liveDeveloper();
    const res = await request(w.t.app, {
      method: 'POST',
      url: '/api/client/account/change-password',
      token: developer.token,
      body: { old_password: developer.password, new_password: 'a new password 7' },
    });
    expect(res.statusCode, res.body).toBe(200);
    await expectClosedWith(developer.watched, CLOSE_SESSION_ENDED);
  });

  it('closes with 4401 when an admin blocks the developer', async () => {
    const developer = await liveDeveloper();
    const res = await api(w, 'PATCH', `/admin/user?user_id=${developer.account.id}`, w.admin.token, {
      is_blocked: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    await expectClosedWith(developer.watched, CLOSE_SESSION_ENDED);
  });

  it('closes with 4403 when an admin takes the developer role away', async () => {
    const developer = await liveDeveloper();
    const res = await api(w, 'PATCH', `/admin/user?user_id=${developer.account.id}`, w.admin.token, {
      is_developer: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    await expectClosedWith(developer.watched, CLOSE_NOT_ALLOWED);
  });

  it('closes with 4401 when an admin removes the developer', async () => {
    const developer = await liveDeveloper();
    const res = await api(w, 'DELETE', `/admin/user?user_id=${developer.account.id}`, w.admin.token);
    expect(res.statusCode, res.body).toBe(204);
    await expectClosedWith(developer.watched, CLOSE_SESSION_ENDED);
  });

  it('closes with 4401 when the token expires', async () => {
    const developer = await createSignedIn(w.t.app, w.t.db, { role: 'developer' });
    // A token that lives three seconds, as TOKEN_TTL=3 would issue; the sign-in accepts it.
    const { id: accountId, token_version: tokenVersion } = developer.account;
    const watched = await connect(await forgeToken({ accountId, tokenVersion }, 3));
    await expectClosedWith(watched, CLOSE_SESSION_ENDED);
  });

  it("closes a partner's own-builds socket with 4401 when an admin blocks the partner", async () => {
    const partner = await createSignedIn(w.t.app, w.t.db, { role: 'user' });
    const watched = await connect(partner.token);
    const res = await api(w, 'PATCH', `/admin/user?user_id=${partner.account.id}`, w.admin.token, {
      is_blocked: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    await until(() => watched.closed !== undefined);
    expect(watched.closed?.code).toBe(CLOSE_SESSION_ENDED);
  });

  it('keeps sockets of accounts that did not lose anything open', async () => {
    const developer = await liveDeveloper();
    // Another account's change, and a harmless change of this one (its language).
    const other = await createSignedIn(w.t.app, w.t.db, { role: 'developer' });
    await api(w, 'PATCH', `/admin/user?user_id=${other.account.id}`, w.admin.token, { is_blocked: true });
    const res = await request(w.t.app, {
      method: 'PATCH',
      url: '/api/client/account/info',
      token: developer.token,
      body: { language: 'ru' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const line = `still here ${developer.account.id}`;
    await agentLogs(line);
    await until(() => lines(developer.watched).includes(line));
    expect(lines(developer.watched)).toContain(line);
    expect(developer.watched.closed).toBeUndefined();
    developer.watched.socket.terminate();
  });
});

describe('across instances', () => {
  let b: TestApp;
  beforeAll(async () => {
    // A second API instance on the same database, as in a scaled-out deployment.
    b = await createTestApp({ db: w.t.handle, config: { dataDir: w.dataDir } });
  });
  afterAll(() => b?.close());

  it('a block made through instance A closes the socket held by instance B', async () => {
    const developer = await createSignedIn(w.t.app, w.t.db, { role: 'developer' });
    const watched = await connect(developer.token, b.app);
    const res = await api(w, 'PATCH', `/admin/user?user_id=${developer.account.id}`, w.admin.token, {
      is_blocked: true,
    });
    expect(res.statusCode, res.body).toBe(200);
    await until(() => watched.closed !== undefined);
    expect(watched.closed?.code).toBe(CLOSE_SESSION_ENDED);
  });
});

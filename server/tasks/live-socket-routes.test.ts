import { eq } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { LIVE_AUTH_TIMEOUT_MS } from '../../contract/live-socket';
import { accounts } from '../platform/db/schema';
import { addAgent, claimJob, createAgentWorld, queueBuild, sendEvents } from '../test/agent-fixtures';
import { createSet } from '../test/build-fixtures';
import { createSignedIn } from '../test/helper';
import { authMessage, isReady, signInSocket } from '../test/live-socket-client';
import { sharedWorld } from '../test/shared-world';

const w = sharedWorld(createAgentWorld);

type Message = { fw_id: number; type: string; data: unknown; seq: number };

async function connect(token: string) {
  const socket = await w.t.app.injectWS('/api/client/ws');
  const messages: Message[] = [];
  socket.on('message', (data: Buffer) => {
    if (!isReady(data)) messages.push(JSON.parse(data.toString()));
  });
  await signInSocket(socket, token);
  return { socket, messages };
}

async function until(check: () => boolean, ms = 5_000) {
  const deadline = Date.now() + ms;
  while (!check() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
}

describe('the live socket', () => {
  it("pushes every build's progress and log lines to admins and developers, with seq numbers", async () => {
    const developer = await createSignedIn(w.t.app, w.t.db, { role: 'developer' });
    const admin = await connect(w.admin.token);
    const dev = await connect(developer.token);
    const agent = await addAgent(w, 'socket-agent');
    const build = await queueBuild(w);
    const job = await claimJob(w, agent.token);
    await sendEvents(w, agent.token, job, [
      { seq: 1, type: 'log', data: 'Fetching sources' },
      { seq: 2, type: 'progress', data: 25 },
    ]);
    await until(() => admin.messages.length >= 2 && dev.messages.length >= 2);
    expect(admin.messages).toEqual([
      { fw_id: build.id, type: 'log_build', data: 'Fetching sources', seq: expect.any(Number) },
      { fw_id: build.id, type: 'progress_build', data: 25, seq: expect.any(Number) },
    ]);
    expect(admin.messages[1].seq).toBeGreaterThan(admin.messages[0].seq);
    expect(dev.messages).toEqual(admin.messages);
    // A retried batch is stored once and published once.
    await sendEvents(w, agent.token, job, [{ seq: 2, type: 'progress', data: 25 }]);
    await new Promise((r) => setTimeout(r, 100));
    expect(admin.messages).toHaveLength(2);
    admin.socket.terminate();
    dev.socket.terminate();
  });

  it("gives a partner their own builds' progress and log lines, never another partner's", async () => {
    const admin = await connect(w.admin.token);
    const partner = await connect(w.partner.token);
    const other = await connect(w.other.token);
    const mine = await queueBuild(w);
    const otherSet = await createSet(w, w.other.token, 'other-partner-set');
    const theirs = await queueBuild(w, w.other.token, otherSet.id);
    const held = [];
    for (const name of ['own-agent-1', 'own-agent-2']) {
      const agent = await addAgent(w, name);
      const job = await claimJob(w, agent.token);
      held.push({ job, token: agent.token });
    }
    const byId = (x: number, y: number) => x - y;
    expect(held.map(({ job }) => job.id).sort(byId)).toEqual([mine.id, theirs.id].sort(byId));
    for (const { job, token } of held) {
      await sendEvents(w, token, job, [
        { seq: 1, type: 'log', data: `line of ${job.id}` },
        { seq: 2, type: 'progress', data: 40 },
      ]);
    }
    await until(
      () => admin.messages.length >= 4 && partner.messages.length >= 2 && other.messages.length >= 2,
    );
    const expected = (id: number) => [
      { fw_id: id, type: 'log_build', data: `line of ${id}`, seq: expect.any(Number) },
      { fw_id: id, type: 'progress_build', data: 40, seq: expect.any(Number) },
    ];
    expect(partner.messages).toEqual(expected(mine.id));
    expect(other.messages).toEqual(expected(theirs.id));
    expect(admin.messages).toHaveLength(4);
    // Deliveries go out in order: once the other partner has a later line, nothing of theirs is on its way
    // to this partner.
    const theirsHeld = held.find(({ job }) => job.id === theirs.id);
    if (!theirsHeld) throw new Error('no job');
    await sendEvents(w, theirsHeld.token, theirsHeld.job, [{ seq: 3, type: 'log', data: 'later' }]);
    await until(() => other.messages.length >= 3);
    expect(other.messages.at(-1)?.data).toBe('later');
    expect(partner.messages).toEqual(expected(mine.id));
    admin.socket.terminate();
    partner.socket.terminate();
    other.socket.terminate();
  });

  it('refuses blocked accounts (4403) and bad tokens (4401) at the first message', async () => {
    const blocked = await createSignedIn(w.t.app, w.t.db, { role: 'user' });
    await w.t.db.update(accounts).set({ is_blocked: true }).where(eq(accounts.id, blocked.account.id));
    await expect(connect(blocked.token)).rejects.toThrow('closed 4403');
    await expect(connect('garbage')).rejects.toThrow('closed 4401');
  });

  it('closes a socket whose first message is no auth message (4401)', async () => {
    const socket = await w.t.app.injectWS('/api/client/ws');
    const closed = new Promise<number>((resolve) => socket.on('close', resolve));
    socket.send(JSON.stringify({ token: w.admin.token }));
    expect(await closed).toBe(4401);
  });

  it('refuses a token in the url before the upgrade (issue 43: urls reach access logs)', async () => {
    await expect(
      w.t.app.injectWS(`/api/client/ws?token=${encodeURIComponent(w.admin.token)}`),
    ).rejects.toThrow(/422/);
  });

  it('sends nothing to a socket that has not signed in, and closes it after LIVE_AUTH_TIMEOUT_MS', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      const socket = await w.t.app.injectWS('/api/client/ws');
      const received: string[] = [];
      socket.on('message', (data: Buffer) => received.push(data.toString()));
      let code: number | undefined;
      socket.on('close', (closedWith: number) => {
        code = closedWith;
      });
      // The server's timer starts once its side of the upgrade is done, which may be after the client's.
      for (let round = 0; round < 50 && code === undefined; round++) {
        await vi.advanceTimersByTimeAsync(LIVE_AUTH_TIMEOUT_MS);
        await new Promise((resolve) => setImmediate(resolve));
      }
      expect(code).toBe(4401);
      expect(received).toEqual([]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('ignores a second auth message: the session stays the one it signed in with', async () => {
    const partner = await connect(w.partner.token);
    partner.socket.send(authMessage(w.admin.token));
    const agent = await addAgent(w, 'second-auth-agent');
    const otherSet = await createSet(w, w.other.token, 'second-auth-set');
    const theirs = await queueBuild(w, w.other.token, otherSet.id);
    const job = await claimJob(w, agent.token);
    expect(job.id).toBe(theirs.id);
    const admin = await connect(w.admin.token);
    await sendEvents(w, agent.token, job, [{ seq: 1, type: 'log', data: 'not for the partner' }]);
    await until(() => admin.messages.length >= 1);
    await new Promise((r) => setTimeout(r, 100));
    expect(partner.messages).toEqual([]);
    partner.socket.terminate();
    admin.socket.terminate();
  });
});

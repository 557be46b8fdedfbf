import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { accounts } from '../platform/db/schema';
import { addWorker, claimJob, createAgentWorld, queueBuild, sendEvents } from '../test/agent-fixtures';
import { createSet } from '../test/build-fixtures';
import { createSignedIn } from '../test/helper';
import { sharedWorld } from '../test/shared-world';
import { withoutToken } from './live-socket-routes';

const w = sharedWorld(createAgentWorld);

type Message = { fw_id: number; type: string; data: unknown; seq: number };

async function connect(token: string) {
  const socket = await w.t.app.injectWS(`/api/client/ws?token=${encodeURIComponent(token)}`);
  const messages: Message[] = [];
  socket.on('message', (data: Buffer) => messages.push(JSON.parse(data.toString())));
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
    const agent = await addWorker(w, 'socket-agent');
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
      const agent = await addWorker(w, name);
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

  it('refuses blocked accounts (403) and bad tokens (401) before the upgrade', async () => {
    const blocked = await createSignedIn(w.t.app, w.t.db, { role: 'user' });
    await w.t.db.update(accounts).set({ is_blocked: true }).where(eq(accounts.id, blocked.account.id));
    await expect(w.t.app.injectWS(`/api/client/ws?token=${blocked.token}`)).rejects.toThrow(/403/);
    await expect(w.t.app.injectWS('/api/client/ws?token=garbage')).rejects.toThrow(/401/);
    await expect(w.t.app.injectWS('/api/client/ws')).rejects.toThrow(/401/);
  });

  it('keeps the token out of logged urls', () => {
    expect(withoutToken('/api/client/ws?token=abc.def&x=1')).toBe('/api/client/ws?token=***&x=1');
  });
});

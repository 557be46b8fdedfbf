import { describe, expect, it } from 'vitest';
import { findBuild } from '../builds/builds-repository';
import { createAgentWorld, queueBuild, startWorldAgent, taskOf } from '../test/agent-fixtures';
import { sharedWorld } from '../test/shared-world';
import { findAgentByToken, updateAgent } from './agents-repository';
import { ensureEmbeddedAgent, ownAddress } from './embedded-agent';

const w = sharedWorld(() => createAgentWorld({ claimWaitMs: 2_000 }));

describe('the embedded agent', () => {
  it("keeps one worker 'embedded' whose token lives in the settings table", async () => {
    const token = await ensureEmbeddedAgent(w.t.db);
    expect(await ensureEmbeddedAgent(w.t.db)).toBe(token);
    const agent = await findAgentByToken(w.t.db, token);
    expect(agent?.name).toBe('embedded');
    // An admin regenerated its token: the next start takes a fresh one for itself.
    await updateAgent(w.t.db, agent?.id ?? 0, { token: 'wk_someone-else' });
    const fresh = await ensureEmbeddedAgent(w.t.db);
    expect(fresh).not.toBe(token);
    expect((await findAgentByToken(w.t.db, fresh))?.id).toBe(agent?.id);
  });

  // A real child process that starts, fetches the sources and builds: at load ~17 (a shuffled whole run beside
  // other work) that outlived the project's 30 s (issue 40). It fails on a build that never ends, only later.
  it('builds a submitted build with nothing else running (npm start alone builds)', {
    timeout: 150_000,
  }, async () => {
    const agent = await startWorldAgent(w);
    try {
      const build = await queueBuild(w);
      const deadline = Date.now() + 120_000;
      let task = await taskOf(w, build.id);
      while (task?.status !== 'done' && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 200));
        task = await taskOf(w, build.id);
      }
      expect(task).toMatchObject({ status: 'done', progress: 100, worker_name: 'embedded' });
      const row = await findBuild(w.t.db, build.id);
      expect(await w.t.app.artifacts.size({ uuid: build.uuid, sha256: row?.sha256 ?? null })).toBeGreaterThan(
        0,
      );
    } finally {
      await agent.stop();
    }
  });

  it('reaches a server listening on every address through loopback', () => {
    expect(ownAddress('0.0.0.0', 8080)).toBe('http://127.0.0.1:8080');
    expect(ownAddress('::', 8080)).toBe('http://[::1]:8080');
    expect(ownAddress('10.0.0.5', 80)).toBe('http://10.0.0.5:80');
  });
});

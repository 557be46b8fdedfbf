// The embedded agent when its server shuts down in the middle of a build: the build is not lost.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type AgentWorld,
  addWorker,
  claim,
  createAgentWorld,
  logOf,
  queueBuild,
  taskOf,
} from './agent-test-fixtures';
import { startEmbeddedAgent } from './embedded-agent';

let w: AgentWorld;
// A build that would run far longer than the shutdown lets it.
const buildCommand = 'echo building slowly; sleep 120';

beforeAll(async () => {
  w = await createAgentWorld({ claimWaitMs: 2_000 });
});
afterAll(() => w.close());

async function until(check: () => Promise<boolean>, what: string, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('stopping the embedded agent during a build', () => {
  it('gives the unfinished build back to the queue at once, its attempt not counted', async () => {
    const url = await w.t.app.listen({ port: 0, host: '127.0.0.1' });
    const agent = await startEmbeddedAgent(w.t.db, {
      server: url,
      dataDir: w.dataDir,
      log: w.t.app.log,
      buildCommand,
    });
    const build = await queueBuild(w);
    await until(
      async () => (await logOf(w, build.id)).some((line) => line.includes('building slowly')),
      'the build to run',
    );
    expect(await taskOf(w, build.id)).toMatchObject({ status: 'in_progress', worker_name: 'embedded' });

    // The grace period ends before the build does.
    expect(await agent.stop(200)).toBe(build.id);
    expect(await taskOf(w, build.id)).toMatchObject({ status: 'pending', attempts: 0, worker_name: null });

    // Another agent takes it, as its first attempt.
    const other = await addWorker(w, 'after-shutdown');
    const job = await claim(w, other.token);
    expect(job).toMatchObject({ id: build.id, attempt: 1 });
  });
});

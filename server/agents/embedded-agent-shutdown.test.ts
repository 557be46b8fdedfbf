// The embedded agent when its server shuts down in the middle of a build: the build is not lost.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BuildEventMessage } from '../tasks/build-events-bus';
import {
  type AgentWorld,
  addAgent,
  claim,
  createAgentWorld,
  logOf,
  queueBuild,
  startWorldAgent,
  taskOf,
} from '../test/agent-fixtures';

let w: AgentWorld;
/** The app's address: it listens once, for both kinds of agent. */
let url: string;
// A build that would run far longer than the shutdown lets it.
const buildCommand = 'echo building slowly; sleep 120';

beforeAll(async () => {
  // A waiting claim looks again only after ten minutes: a build given back must wake it.
  w = await createAgentWorld({ claimWaitMs: 600_000, pollMs: 600_000 });
  url = await w.t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => w.close());

async function until(check: () => Promise<boolean>, what: string, ms = 30_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

// In the tests' own process, and as `npm start` runs it: a child process under the permission model (issue 36).
describe.each(['in-process', 'child'] as const)(
  'stopping the embedded agent (%s) during a build',
  (isolation) => {
    it('gives the unfinished build back to the queue at once, its attempt not counted, and says so live', async () => {
      const agent = await startWorldAgent(w, { buildCommand, isolation }, url);
      const build = await queueBuild(w);
      await until(
        async () => (await logOf(w, build.id)).some((line) => line.includes('building slowly')),
        'the build to run',
      );
      expect(await taskOf(w, build.id)).toMatchObject({ status: 'in_progress', worker_name: 'embedded' });

      // Another agent is waiting for work meanwhile; the live log is watched.
      const other = await addAgent(w, `after-shutdown-${isolation}`);
      const waiting = claim(w, other.token);
      await vi.waitFor(() => expect(w.t.app.jobQueue.waiting).toBe(1), { timeout: 10_000 });
      const live: BuildEventMessage[] = [];
      const off = w.t.app.buildEvents.onEvent((message) => live.push(message));

      // The grace period ends before the build does.
      expect(await agent.stop(200)).toBe(build.id);
      off();
      const line = 'The server shut down during the build; back in the queue';
      expect(live).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ fw_id: build.id, type: 'log_build', data: line }),
          expect.objectContaining({ fw_id: build.id, type: 'progress_build', data: 0 }),
        ]),
      );

      // The waiting agent takes it at once, as its first attempt: the abandoned one was not counted.
      expect(await waiting).toMatchObject({ id: build.id, attempt: 1 });
      expect(await taskOf(w, build.id)).toMatchObject({
        status: 'in_progress',
        attempts: 1,
        worker_name: `after-shutdown-${isolation}`,
      });
    });
  },
);

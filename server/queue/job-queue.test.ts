// The queue's wake-up is the database's: a build that becomes pending wakes the agents' waiting claims,
// whichever code queued it, with no route having to remember it.
import { describe, expect, it, vi } from 'vitest';
import { liveBuild, rebuildBuild } from '../builds/build-service';
import { addAgent, agentCall, claim, createAgentWorld, queueBuild } from '../test/agent-fixtures';
import { sharedWorld } from '../test/shared-world';

// A waiting claim looks again by itself only after ten minutes: anything sooner is a wake-up.
const w = sharedWorld(() => createAgentWorld({ claimWaitMs: 600_000, pollMs: 600_000 }));

/** Starts a claim and resolves once it waits for a wake-up (it found nothing pending). */
async function waitingClaim(token: string) {
  const before = w.t.app.jobQueue.waiting;
  const answer = claim(w, token);
  await vi.waitFor(() => expect(w.t.app.jobQueue.waiting).toBe(before + 1), { timeout: 10_000 });
  // Wrapped: an async function answering the promise itself would wait for it.
  return { answer };
}

describe('waking waiting claims', () => {
  it('wakes them for a build queued by code no route knows of (a rebuild called directly)', async () => {
    const first = await addAgent(w, 'wake-first');
    const build = await queueBuild(w);
    const job = await claim(w, first.token);
    expect(job?.id).toBe(build.id);
    const failed = await agentCall(w, first.token, 'POST', `/jobs/${build.id}/finish`, {
      status: 'failed',
      reason: 'broken',
    });
    expect(failed.json()).toEqual({ status: 'failed' });

    const second = await addAgent(w, 'wake-second');
    const waiting = await waitingClaim(second.token);
    await rebuildBuild(w.t.db, await liveBuild(w.t.db, build.id));
    expect(await waiting.answer).toMatchObject({ id: build.id, attempt: 1 });
  });
});

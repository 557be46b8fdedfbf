// The forecast's medians (eta.ts): each series' last 20 builds an agent ran, from builds_recent_done_idx.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builds } from '../../platform/db/schema';
import { type AgentWorld, createAgentWorld, queueBuild } from '../../test/agent-fixtures';
import { forgetEstimates, recentDurations } from './eta';

const MIN = 60_000;

describe('recentDurations', () => {
  let w: AgentWorld;
  beforeAll(async () => {
    w = await createAgentWorld();
  });
  afterAll(() => w.close());

  /** A build of `series` that ended `ago` ms ago after `minutes`, as `how` says (done by an agent by default). */
  async function ended(
    series: string,
    minutes: number,
    ago: number,
    how: { status?: 'done' | 'failed'; attempts?: number; started?: boolean } = {},
  ) {
    const build = await queueBuild(w);
    const end = Date.now() - ago;
    await w.t.db
      .update(builds)
      .set({
        series,
        status: how.status ?? 'done',
        attempts: how.attempts ?? 1,
        started_at: how.started === false ? null : new Date(end - minutes * MIN),
        finished_at: new Date(end),
      })
      .where(eq(builds.id, build.id));
  }

  it("takes each series' median over its 20 newest builds an agent ran, and over them all", async () => {
    // x19: 25 builds of 1..25 minutes, the longest the newest: its last 20 are 6..25 (median 15.5).
    for (let minutes = 1; minutes <= 25; minutes++) await ended('x19', minutes, (30 - minutes) * MIN);
    // l7: 2, 4 and 6 minutes (median 4).
    for (const minutes of [2, 4, 6]) await ended('l7', minutes, 60 * MIN);
    // Newer still, and not counted: a reused build (no run), a failed one, one without a start.
    await ended('x19', 500, 0, { attempts: 0 });
    await ended('x19', 500, 0, { status: 'failed' });
    await ended('l7', 500, 0, { started: false });
    forgetEstimates(w.t.db);

    const durations = await recentDurations(w.t.db);
    expect(Object.fromEntries(durations.bySeries)).toEqual({ x19: 15.5 * MIN, l7: 4 * MIN });
    // All 23 counted builds: 2, 4, 6 and 6..25 minutes, the 12th of them 14 minutes.
    expect(durations.overall).toBe(14 * MIN);
  });
});

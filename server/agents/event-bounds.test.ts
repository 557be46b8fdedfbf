import { beforeAll, describe, expect, it } from 'vitest';
import { logPageBefore } from '../builds/logs/build-log-repository';
import { clipLine, LogRateLimit, MAX_LOG_LINE } from '../builds/logs/log-bounds';
import { addAgent, type Claimed, createAgentWorld, queueAndClaim, sendEvents } from '../test/agent-fixtures';
import { sharedWorld } from '../test/shared-world';

// Small bounds so that a test reaches them with a few batches: 100 lines a second, 150 at once, 400 events a run.
const w = sharedWorld(() =>
  createAgentWorld({ logLinesPerSecond: 100, logBurst: 150, maxEventsPerAttempt: 400 }),
);
let agent: { id: number; token: string };

beforeAll(async () => {
  agent = await addAgent(w, 'bounds-agent');
});

const claimed = (): Promise<Claimed> => queueAndClaim(w, agent.token);

const lines = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => ({ seq: from + i, type: 'log' as const, data: `line ${from + i}` }));

async function stored(buildId: number): Promise<string[]> {
  return (await logPageBefore(w.t.db, { id: buildId, run: 1 }, undefined, 2000)).rows.map((row) => row.line);
}

describe("the bounds of an agent's log events, enforced by the server", () => {
  it('cuts an over-long line to its first characters and says how many were cut', async () => {
    const job = await claimed();
    const long = `${'x'.repeat(MAX_LOG_LINE)}${'y'.repeat(5000)}`;
    const res = await sendEvents(w, agent.token, job, [{ seq: 1, type: 'log', data: long }]);
    expect(res.statusCode, res.body).toBe(200);
    const [line] = (await stored(job.id)).slice(-1);
    // The server's redactor reads a bounded prefix of each line and clips it with the marker (issue 12 and 14).
    expect(line).toBe(`${'x'.repeat(MAX_LOG_LINE)} … [line truncated: 5,000 more characters]`);
    // A line the agent already clipped, with its own marker, is left as it is.
    const agentClipped = `${'z'.repeat(MAX_LOG_LINE)} … [line truncated: 9 more characters]`;
    expect(clipLine(agentClipped)).toBe(agentClipped);
  });

  it('drops lines over the rate and stores a marker saying how many', async () => {
    const job = await claimed();
    // 150 at once are taken (the burst), the next 100 of the same moment are dropped.
    const res = await sendEvents(w, agent.token, job, [
      ...lines(1, 250),
      { seq: 251, type: 'progress', data: 40 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const log = await stored(job.id);
    const kept = log.filter((line) => line.startsWith('line '));
    expect(kept).toEqual(lines(1, 150).map((e) => e.data));
    expect(log.at(-1)).toBe('[log truncated by the server: 100 lines dropped, over 100 lines a second]');
    // Progress is never dropped.
    const task = await w.t.app.inject({
      url: `/api/client/firmware/firmwares/${job.id}/log?limit=1`,
      headers: { authorization: `Bearer ${w.partner.token}` },
    });
    expect(task.json<{ progress: number }>().progress).toBe(40);
  });

  it('stores no log line numbered past the run’s cap, and says so once', async () => {
    const job = await claimed();
    for (const from of [1, 151, 301]) {
      const res = await sendEvents(w, agent.token, job, lines(from, 150));
      expect(res.statusCode, res.body).toBe(200);
      // Wait out the rate: this test is about the cap.
      await new Promise((r) => setTimeout(r, 1600));
    }
    const log = await stored(job.id);
    const kept = log.filter((line) => line.startsWith('line '));
    expect(kept).toEqual(lines(1, 400).map((e) => e.data));
    const marker =
      '[log truncated by the server: more than 400 events in this run; the rest of its log is dropped]';
    expect(log.at(-1)).toBe(marker);
    await sendEvents(w, agent.token, job, lines(451, 10));
    expect((await stored(job.id)).filter((line) => line === marker)).toHaveLength(1);
  });
});

describe('LogRateLimit', () => {
  it('refills at the rate, and tells of drops at most once a second, the drops meanwhile added up', () => {
    let now = 0;
    const limit = new LogRateLimit(10, 20, () => now);
    expect(limit.take(1, 1, 25)).toEqual({ allowed: 20, report: 5 });
    now = 500;
    // Half a second: 5 lines more; the 3 dropped wait for the next marker.
    expect(limit.take(1, 1, 8)).toEqual({ allowed: 5, report: 0 });
    now = 1500;
    expect(limit.take(1, 1, 4)).toEqual({ allowed: 4, report: 3 });
    // Another attempt (or build) has a bucket of its own.
    expect(limit.take(1, 2, 20)).toEqual({ allowed: 20, report: 0 });
  });
});

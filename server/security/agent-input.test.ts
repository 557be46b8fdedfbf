// Issue 12, finding 6: malformed input from a build agent is refused with a 4xx and a `detail`, never a 500,
// and the refused request writes nothing: no event row, no progress, no renewed lease, no artifact file.
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { builds } from '../platform/db/schema';
import {
  addAgent,
  agentCall,
  type Claimed,
  claim,
  createAgentWorld,
  queueBuild,
} from '../test/agent-fixtures';
import { expectValidationError } from '../test/helper';
import { expectErrorShape, snapshotTables } from '../test/openapi-routes';
import { sharedWorld } from '../test/shared-world';

const w = sharedWorld(createAgentWorld);

let agent: { id: number; token: string };
let job: Claimed;

beforeAll(async () => {
  agent = await addAgent(w, 'input-agent');
  await queueBuild(w);
  job = (await claim(w, agent.token)) as Claimed;
  expect(job).toBeDefined();
});

/** The job's lease: the table snapshot leaves it out (any call of its agent renews it). */
async function leaseOf(id: number) {
  const [row] = await w.t.db.select({ lease: builds.lease_until }).from(builds).where(eq(builds.id, id));
  return row.lease?.toISOString();
}

describe('malformed agent input', () => {
  it('refuses a progress event that is not a number with 422 naming the field, writing nothing', async () => {
    const before = await snapshotTables(w.t.db);
    const res = await agentCall(w, agent.token, 'POST', `/jobs/${job.id}/events`, {
      attempt: job.attempt,
      events: [
        { seq: 1, type: 'log', data: 'a line that must not be stored either' },
        { seq: 2, type: 'progress', data: 'abc' },
      ],
    });
    expectValidationError(res, 'data');
    expectErrorShape(res, 'progress "abc"');
    expect(await snapshotTables(w.t.db)).toEqual(before);
  });

  it('refuses a progress outside 0–100 and a log line that is not text', async () => {
    const before = await snapshotTables(w.t.db);
    for (const event of [
      { seq: 1, type: 'progress', data: 101 },
      { seq: 1, type: 'progress', data: -1 },
      { seq: 1, type: 'log', data: 42 },
    ]) {
      const res = await agentCall(w, agent.token, 'POST', `/jobs/${job.id}/events`, {
        attempt: job.attempt,
        events: [event],
      });
      expectValidationError(res, 'data');
    }
    expect(await snapshotTables(w.t.db)).toEqual(before);
  });

  it('still takes well-formed progress and log lines', async () => {
    const res = await agentCall(w, agent.token, 'POST', `/jobs/${job.id}/events`, {
      attempt: job.attempt,
      events: [
        { seq: 1, type: 'log', data: 'fine' },
        { seq: 2, type: 'progress', data: 42.5 },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('refuses an artifact sent as JSON with 415 and a detail, keeping no file and renewing nothing', async () => {
    const before = await snapshotTables(w.t.db);
    const lease = await leaseOf(job.id);
    const body = JSON.stringify({ not: 'an artifact' });
    for (const contentType of ['application/json', 'text/plain', 'multipart/form-data; boundary=x']) {
      const res = await agentCall(w, agent.token, 'PUT', `/jobs/${job.id}/artifact`, body, {
        'content-type': contentType,
        'x-sha256': createHash('sha256').update(body).digest('hex'),
      });
      expect(res.statusCode, `${contentType}: ${res.body}`).toBe(415);
      expectErrorShape(res, contentType);
      expect(res.json<{ detail: string }>().detail).toMatch(/application\/octet-stream/);
    }
    expect(await snapshotTables(w.t.db)).toEqual(before);
    expect(await leaseOf(job.id)).toBe(lease);
    expect(await w.t.app.artifacts.size({ uuid: job.uuid, sha256: null })).toBeUndefined();
  });

  it('still takes an artifact sent as application/octet-stream', async () => {
    const bytes = Buffer.from('artifact bytes');
    const res = await agentCall(w, agent.token, 'PUT', `/jobs/${job.id}/artifact`, bytes as never, {
      'content-type': 'application/octet-stream',
      'x-sha256': createHash('sha256').update(bytes).digest('hex'),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      await w.t.app.artifacts.size({
        uuid: job.uuid,
        sha256: createHash('sha256').update(bytes).digest('hex'),
      }),
    ).toBe(bytes.length);
  });
});

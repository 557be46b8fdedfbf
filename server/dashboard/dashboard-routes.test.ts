// Issue 42: the dashboards' charts from builds made here through the queue: everyone's for staff, the caller's
// own for a partner (whatever it asks), every range bucketed, and a bad range refused naming the field.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addAgent,
  agentCall,
  createAgentWorld,
  queueAndClaim,
  queueBuild,
  sendEvents,
} from '../test/agent-fixtures';
import { finishWithArchive } from '../test/archive-build';

/** A chart point as the tests read it (a null percentile compares as the test says). */
type Json = Record<string, number>;

import { api, createSet } from '../test/build-fixtures';
import { expectValidationError } from '../test/helper';
import { sharedWorld } from '../test/shared-world';

const w = sharedWorld(() => createAgentWorld());

const get = async (path: string, token: string) => {
  const res = await api(w, 'GET', path, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const sum = (points: Json[], field: string) =>
  points.reduce((total, point) => total + Number(point[field]), 0);

beforeAll(async () => {
  const agent = await addAgent(w, 'dashboard-agent');
  await finishWithArchive(w, agent.token);
  const job = await queueAndClaim(w, agent.token);
  await sendEvents(w, agent.token, job, [
    { seq: 1, type: 'log', data: 'compiling the web UI' },
    { seq: 2, type: 'log', data: 'ERROR: toolchain gcc-12 not found' },
    { seq: 3, type: 'log', data: 'error: second one' },
  ]);
  const failed = await agentCall(w, agent.token, 'POST', `/jobs/${job.id}/finish`, {
    status: 'failed',
    reason: 'exit 2',
  });
  expect(failed.statusCode, failed.body).toBe(200);
  const otherSet = await createSet(w, w.other.token, 'other-set');
  await queueBuild(w, w.other.token, otherSet.id as number);
});

describe('GET /api/admin/dashboard/*', () => {
  it('counts everyone’s builds per bucket by status, every bucket of the range present', async () => {
    const week = await get('/admin/dashboard/builds?range=7d', w.admin.token);
    expect(week.bucket).toBe('day');
    expect(week.points).toHaveLength(8);
    expect({
      done: sum(week.points, 'done'),
      failed: sum(week.points, 'failed'),
      pending: sum(week.points, 'pending'),
    }).toEqual({ done: 1, failed: 1, pending: 1 });
    const day = await get('/admin/dashboard/builds?range=24h', w.admin.token);
    expect(day.bucket).toBe('hour');
    expect(day.points).toHaveLength(25);
    expect(sum(day.points, 'done') + sum(day.points, 'failed')).toBe(2);
    const quarter = await get('/admin/dashboard/builds?range=90d', w.admin.token);
    expect(quarter.points).toHaveLength(91);
  });

  it('answers the queue wait and build duration percentiles of the buckets with started builds', async () => {
    const { points } = await get('/admin/dashboard/timings?range=24h', w.admin.token);
    const measured = points.filter((point: Json) => point.wait_p50 !== null);
    expect(measured.length).toBeGreaterThan(0);
    for (const point of measured) {
      expect(point.wait_p95).toBeGreaterThanOrEqual(point.wait_p50);
      expect(point.duration_p95).toBeGreaterThanOrEqual(point.duration_p50);
    }
    expect(points.filter((point: Json) => point.wait_p50 === null).length).toBeGreaterThan(0);
  });

  it('ranks releases and models by failure rate among ended builds', async () => {
    const { by_release, by_model } = await get('/admin/dashboard/failures?range=30d', w.admin.token);
    expect(by_release).toEqual([{ name: '1.0.0', total: 2, failed: 1, rate: 0.5 }]);
    expect(by_model).toHaveLength(1);
    expect(by_model[0]).toMatchObject({ total: 2, failed: 1, rate: 0.5 });
  });

  it('counts the agents online and busy in the buckets they called in and built', async () => {
    const { points } = await get('/admin/dashboard/agents?range=24h', w.admin.token);
    expect(points.at(-1)).toEqual({ at: expect.any(String), online: 1, busy: 1 });
    expect(points[0]).toMatchObject({ online: 0, busy: 0 });
  });

  it('counts the licenses issued per week and region, and the partners active of all', async () => {
    const licenses = await get('/admin/dashboard/licenses?range=30d', w.admin.token);
    expect(licenses.bucket).toBe('week');
    expect(licenses.regions.length).toBe(1);
    expect(sum(licenses.points, 'issued')).toBe(1);
    const partners = await get('/admin/dashboard/partners?range=30d', w.admin.token);
    expect(partners.total).toBe(3);
    expect(partners.active).toBeLessThanOrEqual(partners.total);
  });

  it('refuses an unknown range with 422 naming the field', async () => {
    expectValidationError(await api(w, 'GET', '/admin/dashboard/builds?range=1y', w.admin.token), 'range');
    expectValidationError(await api(w, 'GET', '/client/dashboard/timings?range=', w.partner.token), 'range');
  });
});

describe('GET /api/client/dashboard/*', () => {
  it('shows a partner its own builds, queue wait and licenses only', async () => {
    const mine = await get('/client/dashboard/builds?range=7d', w.partner.token);
    expect({
      done: sum(mine.points, 'done'),
      failed: sum(mine.points, 'failed'),
      pending: sum(mine.points, 'pending'),
    }).toEqual({ done: 1, failed: 1, pending: 0 });
    const theirs = await get('/client/dashboard/builds?range=7d', w.other.token);
    expect({ done: sum(theirs.points, 'done'), pending: sum(theirs.points, 'pending') }).toEqual({
      done: 0,
      pending: 1,
    });
    const wait = await get('/client/dashboard/timings?range=7d', w.other.token);
    expect(wait.points.every((point: Json) => point.wait_p50 === null)).toBe(true);
    expect(sum((await get('/client/dashboard/licenses?range=7d', w.partner.token)).points, 'issued')).toBe(1);
    expect(sum((await get('/client/dashboard/licenses?range=7d', w.other.token)).points, 'issued')).toBe(0);
  });

  it('lists a partner’s last failed builds with the first error line of the run', async () => {
    const failed = await get('/client/dashboard/failed-builds', w.partner.token);
    expect(failed).toEqual([
      expect.objectContaining({ error: 'ERROR: toolchain gcc-12 not found', release_version: '1.0.0' }),
    ]);
    expect(await get('/client/dashboard/failed-builds', w.other.token)).toEqual([]);
  });
});

// The bench's view of a running server for the agent measurements: the admin's and the partner's sessions,
// a build to submit, fresh agents, and an agent's call.
import { addAgent, prepareBuilds } from '../server/scale/scenario';
import { apiSession } from '../tests/e2e/support/api';
import type { RunningServer } from '../tests/e2e/support/server';

/** Everything a build needs on the demo data: the admin's and the partner's sessions and a valid build. */
export async function prepare(server: RunningServer) {
  const admin = await apiSession(server.url, server.admin);
  const partner = await apiSession(server.url, server.partner);
  // A database kept between runs (PostgreSQL) still has the last run's set and agents: names carry a run id.
  const run = Date.now().toString(36);
  const { submit } = await prepareBuilds(partner, `bench-${run}`);
  // Agent names are unique: each measurement of each run registers its own.
  let agents = 0;
  const agent = async (name: string) => ({ token: await addAgent(admin, `${name}-${run}-${++agents}`) });
  const counters = () =>
    admin.call<{ pending: number; in_progress: number; failed: number }>(
      'GET',
      '/admin/firmwares/tasks/status',
    );
  return { url: server.url, admin, run, submit, agent, counters };
}

export type World = Awaited<ReturnType<typeof prepare>>;

export const agentCall = (w: World, token: string, method: string, p: string, body: unknown = {}) =>
  fetch(`${w.url}/api/agent${p}`, {
    method,
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });

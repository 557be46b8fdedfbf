// A server that stalls (CPU starvation, a long GC pause) must not blame an agent for its own stall: the
// agent's heart-beat sent meanwhile waits unread in the socket, and the sweep must not run ahead of it.
import { spawn } from 'node:child_process';
import { beforeAll, expect, it } from 'vitest';
import { addAgent, claim, createAgentWorld, queueBuild, taskOf } from '../test/agent-fixtures';
import { sharedWorld } from '../test/shared-world';

const LEASE_MS = 2_000;
const w = sharedWorld(() => createAgentWorld({ leaseMs: LEASE_MS, sweepMs: 200 }));

let url: string;

beforeAll(async () => {
  url = await w.t.app.listen({ port: 0, host: '127.0.0.1' });
});

/**
 * Another process, started ahead (a node start takes seconds on a busy machine), that sends a heart-beat for
 * a job `delayMs` after it is told the job's id, whatever this process is doing by then. Resolves with its exit.
 */
async function heartbeatSender(token: string, delayMs: number) {
  const script = `process.stdin.once('data', (id) => setTimeout(() => fetch(${JSON.stringify(`${url}/api/agent/heartbeat`)}, {
    method: 'POST',
    headers: { authorization: 'Bearer ' + process.argv[1], 'content-type': 'application/json' },
    body: JSON.stringify({ jobs: [Number(String(id))] }),
  }).then((r) => process.exit(r.status === 200 ? 0 : 1), () => process.exit(2)), ${delayMs}));
  process.stdout.write('ready');`;
  const child = spawn(process.execPath, ['-e', script, token], { stdio: ['pipe', 'pipe', 'ignore'] });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  await new Promise((resolve) => child.stdout.once('data', resolve));
  return (jobId: number) => {
    child.stdin.write(`${jobId}\n`);
    return exited;
  };
}

it('keeps a job whose heart-beat came while the server stalled past the lease', async () => {
  const agent = await addAgent(w, 'stall-agent');
  const heartbeatLater = await heartbeatSender(agent.token, 400);
  const build = await queueBuild(w);
  const job = await claim(w, agent.token);
  expect(job?.id).toBe(build.id);
  const sent = heartbeatLater(build.id);
  // The event loop stalls past the lease; the heart-beat arrives (unread) in the middle of it.
  const until = Date.now() + LEASE_MS + 800;
  while (Date.now() < until) {
    /* a stalled server */
  }
  expect(await sent).toBe(0);
  // Two more sweeps on time, well inside the renewed lease.
  await new Promise((r) => setTimeout(r, 450));
  expect(await taskOf(w, build.id)).toMatchObject({ status: 'in_progress', attempts: 1 });
  // The sweep is only put off: with no further call the lease still runs out.
  await expect
    .poll(async () => taskOf(w, build.id), { timeout: LEASE_MS * 3, interval: 100 })
    .toMatchObject({ status: 'pending', attempts: 1 });
});

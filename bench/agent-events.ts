// Agent events → WebSocket: the latency from an agent's event POST to an admin socket, and the fan-out to
// many sockets, measured with clients held by a child process (bench/ws-clients.ts).
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { agentCall, type World } from './agent-world';
import { percentile } from './http-load';

/** `clients` admin sockets held by a child process (bench/ws-clients.ts). */
async function wsClients(w: World, clients: number) {
  const child = spawn(
    process.execPath,
    [
      '--experimental-websocket',
      '--import',
      'tsx',
      'bench/ws-clients.ts',
      w.url,
      w.admin.token,
      String(clients),
    ],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const lines = createInterface({ input: child.stdout });
  const next = () => new Promise<string>((resolve) => lines.once('line', resolve));
  if ((await next()) !== 'ready') throw new Error('WebSocket clients did not start');
  return {
    go: () => child.stdin.write('go\n'),
    stop: async () => {
      child.stdin.write('stop\n');
      return JSON.parse(await next()) as { messages: number; seconds: number; latencies: number[] };
    },
  };
}

/** A job of a fresh agent, claimed, for an agent to post events to. */
async function claimedJob(w: World, name: string) {
  const { token } = await w.agent(name);
  await w.submit();
  const claim = await agentCall(w, token, 'POST', '/jobs/claim');
  const { job } = (await claim.json()) as { job: { id: number; attempt: number } };
  let seq = 0;
  return {
    /** Posts log lines as the agent does; answers how many. */
    post: async (lines: string[]) => {
      const events = lines.map((data) => ({ seq: ++seq, type: 'log', data }));
      const res = await agentCall(w, token, 'POST', `/jobs/${job.id}/events`, {
        attempt: job.attempt,
        events,
      });
      if (!res.ok) throw new Error(`events answered ${res.status} ${await res.text()}`);
      await res.arrayBuffer();
      return events.length;
    },
    finish: () =>
      agentCall(w, token, 'POST', `/jobs/${job.id}/finish`, { status: 'failed', reason: 'bench' }),
  };
}

/** Latency probes: one log line at a time, from just before its POST to its arrival at every socket. */
async function probe(job: Awaited<ReturnType<typeof claimedJob>>, samples: number) {
  for (let i = 0; i < samples; i++) {
    await job.post([`lat:${performance.timeOrigin + performance.now()}`]);
    await new Promise((r) => setTimeout(r, 50));
  }
  await new Promise((r) => setTimeout(r, 500));
}

export const LATENCY_SAMPLES = 40;

/** Agent event POST → WebSocket message at one admin socket (p50/p99 over the probes). */
export async function eventLatency(w: World) {
  const ws = await wsClients(w, 1);
  const job = await claimedJob(w, 'bench-latency-ws');
  ws.go();
  await probe(job, LATENCY_SAMPLES);
  const { latencies } = await ws.stop();
  await job.finish();
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99), samples: latencies.length };
}

/**
 * `clients` admin sockets: first the latency probes (every socket's arrival counts), then one agent pushing
 * log lines in batches of 50 for `seconds`, delivered per second.
 */
export async function fanOut(w: World, clients: number, seconds: number) {
  const ws = await wsClients(w, clients);
  const job = await claimedJob(w, 'bench-fanout');
  ws.go();
  await probe(job, LATENCY_SAMPLES / 4);
  let published = 0;
  const started = performance.now();
  while (performance.now() - started < seconds * 1000) {
    published += await job.post(Array.from({ length: 50 }, (_, i) => `bench line ${published + i}`));
  }
  const publishSeconds = (performance.now() - started) / 1000;
  // Let the sockets drain before counting.
  await new Promise((r) => setTimeout(r, 2_000));
  const result = await ws.stop();
  await job.finish();
  const probes = result.latencies.length;
  const latencies = result.latencies.sort((a, b) => a - b);
  return {
    publishedPerSecond: published / publishSeconds,
    deliveredPerSecond: (result.messages - probes) / Math.max(result.seconds, publishSeconds),
    delivered: (result.messages - probes) / (published * clients),
    probeP50: percentile(latencies, 50),
    probeP99: percentile(latencies, 99),
  };
}

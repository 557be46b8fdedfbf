// @vitest-environment node
// The agent's side of a console shutting down: its claims answer 503, then the connection is refused, then
// the console (or another instance behind the same address) is back. The agent waits and claims again.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { testAgent } from './test-agent';

type Phase = 'shutting-down' | 'gone' | 'back';

async function until(check: () => boolean, what: string, ms = 20_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

describe('the agent while its server shuts down', () => {
  it('retries with backoff through 503 answers and refused connections, then claims again', async () => {
    let phase: Phase = 'shutting-down';
    const claims: Record<Phase, number> = { 'shutting-down': 0, gone: 0, back: 0 };
    const server = http.createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        if (req.url === '/api/agent/jobs/claim') claims[phase]++;
        if (phase === 'shutting-down') {
          res.writeHead(503, { 'content-type': 'application/json', connection: 'close' });
          res.end(JSON.stringify({ detail: 'Shutting down' }));
        } else if (req.url === '/api/agent/jobs/claim') {
          res.writeHead(204).end();
        } else {
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ deployed: [] }));
        }
      });
    });
    const { agent, warnings, errors } = await testAgent(server, cleanup);
    const port = (server.address() as AddressInfo).port;
    let outcome: 'running' | 'resolved' | 'rejected' = 'running';
    const running = agent.run().then(
      () => {
        outcome = 'resolved';
      },
      () => {
        outcome = 'rejected';
      },
    );
    cleanup.push(async () => {
      await agent.stop();
      await running;
    });

    // 503 while the server drains: the agent reports it and backs off.
    await until(() => warnings.some((w) => w.startsWith('Claim failed: 503')), 'a 503 claim');
    expect(claims['shutting-down']).toBeGreaterThanOrEqual(2);

    // The server is gone: connections are refused.
    phase = 'gone';
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await until(() => warnings.some((w) => /ECONNREFUSED|fetch failed/.test(w)), 'a refused claim');
    expect(outcome).toBe('running');

    // Back on the same address: the agent claims again by itself.
    phase = 'back';
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    await until(() => claims.back >= 2, 'claims after the server came back');
    expect(claims.gone).toBe(0);
    expect(outcome).toBe('running');
    expect(errors).toEqual([]);

    await agent.stop();
    await running;
    expect(outcome).toBe('resolved');
  });
});

// @vitest-environment node
// A build that was made and uploaded, but whose end the server could not take (down, or failing): the agent
// must not report it failed — the job stays leased and the server queues it again when the lease expires.
import { createHash } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { ClaimedJob } from './protocol';
import { testAgent } from './test-agent';

const cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const step of cleanup.splice(0).reverse()) await step();
});

const JOB: ClaimedJob = {
  id: 7,
  uuid: '11111111-2222-3333-4444-555555555555',
  attempt: 1,
  spec: { release: { id: 1, tags: [] }, pools: [], ssh_keys: [], logo: null, license: null, options: {} },
};

describe('the agent when the end of a finished build cannot be reported', () => {
  it('leaves the job to its lease instead of reporting it failed', async () => {
    let claimed = false;
    const finishes: { status: string }[] = [];
    let uploaded = 0;
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        const send = (status: number, body?: unknown) => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(body === undefined ? undefined : JSON.stringify(body));
        };
        if (req.url === '/api/agent/jobs/claim') {
          if (claimed) return send(204);
          claimed = true;
          return send(200, { job: JOB });
        }
        if (req.url === `/api/agent/jobs/${JOB.id}/events`) return send(200, { state: 'running' });
        if (req.url === `/api/agent/jobs/${JOB.id}/artifact`) {
          uploaded = Buffer.concat(chunks).length;
          return send(200, { ok: true });
        }
        if (req.url === `/api/agent/jobs/${JOB.id}/finish`) {
          finishes.push(JSON.parse(Buffer.concat(chunks).toString()));
          return send(503, { detail: 'Database unavailable' });
        }
        return send(200, { ok: true, deployed: [] });
      });
    });
    const { agent, warnings } = await testAgent(server, cleanup, {
      retry: { attempts: 3, firstDelayMs: 5, maxDelayMs: 10 },
      reporter: { flushMs: 5 },
      builder: async ({ workDir: runDir }) => {
        const file = path.join(runDir, `${JOB.uuid}.tar.gz`);
        const bytes = Buffer.from('firmware');
        await writeFile(file, bytes);
        return { file, sha256: createHash('sha256').update(bytes).digest('hex'), size: bytes.length };
      },
    });
    const running = agent.run();
    cleanup.push(async () => {
      await agent.stop();
      await running;
    });

    const deadline = Date.now() + 10_000;
    while (!warnings.some((w) => w.includes('its end could not be reported')) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 10));
    expect(uploaded).toBe(8);
    // Every attempt said "done"; none said "failed".
    expect(finishes.length).toBe(3);
    expect(finishes.every((f) => f.status === 'done')).toBe(true);
    expect(warnings.find((w) => w.includes('its end could not be reported'))).toMatch(
      /^Job 7 built and uploaded, but its end could not be reported \(.*503.*\); the server queues it again/,
    );
  });
});

// @vitest-environment node
// Issue 41, section 4: the agent's retries had no jitter and ignored Retry-After.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AgentApi, AgentApiError, retryAfterMs } from './api-client';

/** A server answering the heartbeat with `answers` in turn (status, headers), then 200. */
async function serverAnswering(answers: [number, Record<string, string>][]) {
  const seen: number[] = [];
  const server: Server = createServer((_req, res) => {
    seen.push(Date.now());
    const [status, headers] = answers.shift() ?? [200, {}];
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(status === 200 ? '{"ok":true}' : '{"detail":"busy"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  servers.push(server);
  return { url, seen };
}

const servers: Server[] = [];
afterEach(async () => {
  vi.restoreAllMocks();
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

const heartbeat = (api: AgentApi) => api.heartbeat({} as Parameters<AgentApi['heartbeat']>[0]);

describe('retryAfterMs', () => {
  it('reads delay-seconds and HTTP dates, caps them at a minute, and ignores nonsense', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(retryAfterMs('3', now)).toBe(3000);
    expect(retryAfterMs('Thu, 01 Jan 2026 00:00:07 GMT', now)).toBe(7000);
    expect(retryAfterMs('Wed, 31 Dec 2025 23:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('86400', now)).toBe(60_000);
    expect(retryAfterMs('soon', now)).toBeUndefined();
    expect(retryAfterMs(null, now)).toBeUndefined();
  });
});

describe('AgentApi retries', () => {
  const quick = { attempts: 3, firstDelayMs: 10, maxDelayMs: 20 };

  it('wait what a 503 or 429 asks in Retry-After, as seconds or as an HTTP date', async () => {
    const date = new Date(Date.now() + 3000).toUTCString();
    const { url, seen } = await serverAnswering([
      [503, { 'retry-after': '1' }],
      [429, { 'retry-after': date }],
    ]);
    await heartbeat(new AgentApi(url, 't', quick));
    expect(seen).toHaveLength(3);
    expect(seen[1] - seen[0]).toBeGreaterThanOrEqual(1000);
    expect(seen[2]).toBeGreaterThanOrEqual(Date.parse(date));
  });

  it('spread their delays at random, from the first delay up to twice it', async () => {
    const timeouts = vi.spyOn(globalThis, 'setTimeout');
    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    const { url } = await serverAnswering([[502, {}]]);
    await heartbeat(new AgentApi(url, 't', { attempts: 2, firstDelayMs: 200, maxDelayMs: 1000 }));
    expect(timeouts.mock.calls.map((call) => call[1])).toContain(300);
  });

  it('stop at the last attempt, and at once on a refusal', async () => {
    const busy = await serverAnswering([
      [503, {}],
      [503, {}],
      [503, {}],
    ]);
    await expect(heartbeat(new AgentApi(busy.url, 't', quick))).rejects.toEqual(
      new AgentApiError(503, '503: busy'),
    );
    expect(busy.seen).toHaveLength(3);
    const refusing = await serverAnswering([[403, {}]]);
    await expect(heartbeat(new AgentApi(refusing.url, 't', quick))).rejects.toMatchObject({ status: 403 });
    expect(refusing.seen).toHaveLength(1);
  });
});

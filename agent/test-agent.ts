// Test support: an Agent against a local stand-in server, quick to retry, its log kept, removed afterwards.
import { mkdtemp, rm } from 'node:fs/promises';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Agent, type AgentOptions } from './agent';

export interface TestAgent {
  agent: Agent;
  warnings: string[];
  errors: string[];
}

/**
 * Listens with `server` on a free port and makes an agent for it; what to undo goes on `cleanup` (server
 * closed, work folder removed).
 */
export async function testAgent(
  server: http.Server,
  cleanup: (() => Promise<void>)[],
  options: Partial<AgentOptions> = {},
): Promise<TestAgent> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanup.push(() => new Promise((resolve) => server.close(() => resolve())));
  const { port } = server.address() as AddressInfo;
  const workDir = await mkdtemp(path.join(tmpdir(), 'test-agent-'));
  cleanup.push(() => rm(workDir, { recursive: true, force: true }));
  const warnings: string[] = [];
  const errors: string[] = [];
  const agent = new Agent({
    server: `http://127.0.0.1:${port}`,
    token: 'wk_test',
    workDir,
    heartbeatMs: 60_000,
    maxBackoffMs: 50,
    retry: { attempts: 2, firstDelayMs: 5, maxDelayMs: 10 },
    logger: { info: () => {}, warn: (m) => warnings.push(m), error: (m) => errors.push(m) },
    ...options,
  });
  return { agent, warnings, errors };
}

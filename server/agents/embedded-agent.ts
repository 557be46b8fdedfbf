import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { Agent } from '../../agent/agent';
import { commandBuilder } from '../../agent/builders/command-builder';
import type { Db } from '../platform/db/client';
import { getOrCreateSetting, putSetting } from '../platform/db/settings-repository';
import type { JobQueue } from '../queue/job-queue';
import { startAgentChild } from './agent-child';
import {
  findAgentByName,
  findAgentByToken,
  insertAgent,
  newAgentToken,
  updateAgent,
} from './agents-repository';

export const EMBEDDED_WORKER = 'embedded';
const TOKEN_SETTING = 'embedded_agent_token';

/**
 * The embedded agent's worker and token: created on first start, the token kept in the settings table. If
 * an admin regenerated its token or deleted it, the next start gives it a fresh one (EMBEDDED_AGENT=0 is
 * how to do without it); a blocked one stays blocked.
 */
export async function ensureEmbeddedAgent(db: Db): Promise<string> {
  const token = await getOrCreateSetting(db, TOKEN_SETTING, newAgentToken);
  if (await findAgentByToken(db, token)) return token;
  const existing = await findAgentByName(db, EMBEDDED_WORKER);
  if (existing) {
    const fresh = newAgentToken();
    await updateAgent(db, existing.id, { token: fresh });
    await putSetting(db, TOKEN_SETTING, fresh);
    return fresh;
  }
  // Another instance starting at the same time may insert it first; its row carries the same token.
  await insertAgent(db, EMBEDDED_WORKER, token);
  return token;
}

/** This server as a local client reaches it: a wildcard address becomes loopback. */
export function ownAddress(host: string, port: number): string {
  const reachable = host === '0.0.0.0' ? '127.0.0.1' : host === '::' ? '::1' : host;
  return `http://${reachable.includes(':') ? `[${reachable}]` : reachable}:${port}`;
}

export interface EmbeddedAgent {
  /** The agent's process id: its child's, or undefined while none runs (or when it runs in-process). */
  readonly pid: number | undefined;
  /**
   * Lets the build under way finish for up to `graceMs`, then abandons it and puts it straight back in the
   * queue (the attempt not counted) for another agent. Answers the id of the build given back, if any.
   */
  stop(graceMs?: number): Promise<number | undefined>;
}

export interface EmbeddedAgentOptions {
  server: string;
  dataDir: string;
  log: FastifyBaseLogger;
  queue: JobQueue;
  /** BUILD_COMMAND: the operator's build script instead of the default builder. */
  buildCommand?: string;
  /** BUILD_ENV: the variables of the console's environment the script also gets (config.buildEnv). */
  buildEnv?: string[];
  /**
   * The console's secrets (serverSecrets), masked in the build logs by an agent in this process. The child
   * never gets them: it cannot know them, and the server masks them again before storing a line.
   */
  secrets?: string[];
  /**
   * `child` (the default, `npm start`): a process of its own that cannot read the console's files,
   * environment or signing key (issue 36, agent-child.ts). `in-process`: the API tests' agents, which
   * start in milliseconds.
   */
  isolation?: 'child' | 'in-process';
}

/** What stop() needs of either kind of agent: wait for the build, then abandon it; answers the one abandoned. */
interface Runner {
  readonly pid: number | undefined;
  stop(graceMs: number): Promise<number | undefined>;
}

/**
 * Starts the same Agent an operator runs with `npm run agent`, against this server's own address, in a child
 * process of its own (or in this one, for tests). Its build script gets an allow-listed environment, never
 * the console's (contract/build-env.ts).
 */
export async function startEmbeddedAgent(db: Db, options: EmbeddedAgentOptions): Promise<EmbeddedAgent> {
  const token = await ensureEmbeddedAgent(db);
  const agent = await findAgentByToken(db, token);
  const log = options.log;
  const workDir = path.join(options.dataDir, 'agent');
  const runner: Runner =
    options.isolation === 'in-process'
      ? inProcess(options, token, workDir)
      : await startAgentChild({
          server: options.server,
          token,
          workDir,
          buildCommand: options.buildCommand,
          buildEnv: options.buildEnv ?? [],
          log,
        });
  return {
    get pid() {
      return runner.pid;
    },
    async stop(graceMs = 10_000) {
      const abandoned = await runner.stop(graceMs);
      if (abandoned === undefined || !agent) return undefined;
      try {
        // Now, not when its lease ends.
        const why = 'The server shut down during the build';
        if (!(await options.queue.giveBack(abandoned, agent.id, why))) return undefined;
        log.info({ build: abandoned }, 'embedded agent: unfinished build back in the queue');
        return abandoned;
      } catch (error) {
        log.warn({ err: error, build: abandoned }, 'embedded agent: its lease will bring the build back');
        return undefined;
      }
    },
  };
}

function inProcess(options: EmbeddedAgentOptions, token: string, workDir: string): Runner {
  const log = options.log;
  const agent = new Agent({
    server: options.server,
    token,
    workDir,
    builder: options.buildCommand
      ? commandBuilder(options.buildCommand, { env: options.buildEnv })
      : undefined,
    secrets: options.secrets,
    logger: { info: (m) => log.info(m), warn: (m) => log.warn(m), error: (m) => log.error(m) },
  });
  const running = agent.run().catch((error) => log.error({ err: error }, 'embedded agent stopped'));
  return {
    pid: undefined,
    async stop(graceMs) {
      let abandoned: number | undefined;
      const timer = setTimeout(() => {
        abandoned = agent.current?.id;
        void agent.stop({ abortBuild: true });
      }, graceMs);
      await agent.stop();
      clearTimeout(timer);
      await running;
      return abandoned;
    },
  };
}

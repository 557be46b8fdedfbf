import { type ChildProcess, spawn } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import type { FastifyBaseLogger } from 'fastify';
import type { FromChild, ToChild } from '../../contract/embedded-child-protocol';
import { agentScript } from './agent-bundle';
import { type AgentSpawn, agentSpawn } from './agent-sandbox';

export interface AgentChildOptions {
  server: string;
  token: string;
  workDir: string;
  buildCommand?: string;
  buildEnv: readonly string[];
  log: FastifyBaseLogger;
}

export interface AgentChild {
  /** The child's process id while it runs. */
  readonly pid: number | undefined;
  /**
   * Lets the build under way finish for up to `graceMs`, then has the child abandon it; answers the id of
   * the build abandoned, if any, once the child has exited.
   */
  stop(graceMs: number): Promise<number | undefined>;
}

/** Restarts after a crash wait 1 s, 2 s, 4 s… up to a minute; a child that ran a minute starts over at 1 s. */
const FIRST_RESTART_MS = 1_000;
const LAST_RESTART_MS = 60_000;
/** After it is told to abandon its build, how long the child has to say so and exit before it is killed. */
const ABANDON_MS = 5_000;

/**
 * The embedded build agent as a child process under Node's permission model (issue 36, agent-sandbox.ts),
 * started from its bundled script (agent/embedded-child.ts). It is started again, with back-off, whenever
 * it dies; the build it had then comes back to the queue when its lease runs out, as any lost agent's does,
 * its attempt counted (a build that crashes the agent each time must not loop for ever). It dies with the
 * console: the IPC channel closes, and the child exits.
 */
export async function startAgentChild(options: AgentChildOptions): Promise<AgentChild> {
  const { log } = options;
  await mkdir(options.workDir, { recursive: true });
  const script = await agentScript();
  // Again at each start: the sweep of the work dir's links (remove-links.ts) with it.
  const prepare = () =>
    agentSpawn({
      script,
      workDir: options.workDir,
      buildCommand: !!options.buildCommand,
      buildEnv: options.buildEnv,
      env: process.env,
    });
  const first = await prepare();
  let child: ChildProcess | undefined;
  let stopping = false;
  let abandoned: number | undefined;
  let restarts = 0;
  let restartTimer: NodeJS.Timeout | undefined;

  const launch = (spec: AgentSpawn) => {
    // Stopped while the work dir was being prepared for a restart.
    if (stopping) return;
    const startedAt = Date.now();
    const proc = spawn(spec.command, spec.args, { env: spec.env, stdio: ['ignore', 'pipe', 'pipe', 'ipc'] });
    child = proc;
    // The agent logs over the channel; what it prints besides (node's own warnings, a crash) goes here.
    createInterface({ input: proc.stdout as NodeJS.ReadableStream }).on('line', (line) => log.info(line));
    createInterface({ input: proc.stderr as NodeJS.ReadableStream }).on('line', (line) => log.warn(line));
    proc.on('message', (message: FromChild) => {
      if (message.type === 'log') log[message.level](message.message);
      else if (message.type === 'abandoned') abandoned = message.id;
    });
    proc.on('error', (error) => log.error({ err: error }, 'embedded agent process'));
    proc.on('exit', (code, signal) => {
      if (child === proc) child = undefined;
      if (stopping) return;
      if (Date.now() - startedAt > LAST_RESTART_MS) restarts = 0;
      const delay = Math.min(FIRST_RESTART_MS * 2 ** restarts, LAST_RESTART_MS);
      restarts += 1;
      log.error({ code, signal, restartInMs: delay }, 'embedded agent process exited; starting it again');
      restartTimer = setTimeout(relaunch, delay);
    });
    send(proc, {
      type: 'start',
      server: options.server,
      token: options.token,
      workDir: spec.workDir,
      buildCommand: options.buildCommand,
      buildEnv: [...options.buildEnv],
    });
  };
  const relaunch = () =>
    prepare().then(launch, (error) => {
      if (stopping) return;
      log.error({ err: error }, 'embedded agent: its work dir could not be prepared; trying again');
      restartTimer = setTimeout(relaunch, LAST_RESTART_MS);
    });
  launch(first);
  // Should the console exit without stopping the agent (a fatal error), the child goes at once too.
  const killOnExit = () => child?.kill('SIGKILL');
  process.on('exit', killOnExit);

  return {
    get pid() {
      return child?.pid;
    },
    async stop(graceMs) {
      stopping = true;
      clearTimeout(restartTimer);
      const proc = child;
      if (!proc || proc.exitCode !== null || proc.signalCode !== null) {
        process.off('exit', killOnExit);
        return undefined;
      }
      const exited = new Promise((resolve) => proc.once('exit', resolve));
      let killTimer: NodeJS.Timeout | undefined;
      const graceTimer = setTimeout(() => {
        send(proc, { type: 'stop', abortBuild: true });
        killTimer = setTimeout(() => proc.kill('SIGKILL'), ABANDON_MS);
      }, graceMs);
      send(proc, { type: 'stop', abortBuild: false });
      await exited;
      clearTimeout(graceTimer);
      clearTimeout(killTimer);
      process.off('exit', killOnExit);
      return abandoned;
    },
  };
}

function send(proc: ChildProcess, message: ToChild): void {
  // A child that has just died has no channel: its exit handler deals with it.
  if (proc.connected) proc.send(message, (error) => error && undefined);
}

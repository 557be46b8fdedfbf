// Issue 36: the embedded build agent runs as a child process under Node's permission model, so that a hostile
// release (or a hole in a builder's path checks) cannot read the console's database files, its environment or
// its signing key into a firmware.
import { execFileSync } from 'node:child_process';
import { mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { BASE_BUILD_ENV } from '../../contract/build-env';
import { fromRoot } from '../paths';
import { createAgentWorld, queueBuild, startWorldAgent, taskOf } from '../test/agent-fixtures';
import { buildBody, pools, submit } from '../test/build-fixtures';
import { sharedWorld } from '../test/shared-world';
import { agentSpawn } from './agent-sandbox';

const w = sharedWorld(() => createAgentWorld({ claimWaitMs: 2_000 }));

const PROBE = fromRoot('server/test/sandbox/probe.mjs');

/** The console's environment as a test gives it: its secrets among the usual variables. */
const CONSOLE_ENV = {
  ...process.env,
  JWT_SECRET: 'console-jwt-secret',
  ADMIN_PASSWORD: 'console-admin-password',
  DATABASE_URL: 'postgres://console:db-password@localhost/console',
  SOME_TOKEN: 'console-token',
};

/** Runs the probe with the embedded agent's spawn options; answers what it could and could not do. */
async function probe(buildCommand: boolean, buildEnv: string[] = []) {
  const workDir = path.join(w.dataDir, 'agent');
  await mkdir(workDir, { recursive: true });
  // What stands for the database's files (the PGlite WAL holds the JWT secret and the signing key).
  const secret = path.join(w.dataDir, 'pg', 'probe-secret');
  await mkdir(path.dirname(secret), { recursive: true });
  await writeFile(secret, 'the signing key');
  // A link to it in the work dir, as an older agent could have left: the permission model would follow it.
  const planted = path.join(workDir, 'sources', 'planted');
  await mkdir(path.dirname(planted), { recursive: true });
  await rm(planted, { force: true });
  await symlink(secret, planted);
  const spawn = await agentSpawn({ script: PROBE, workDir, buildCommand, buildEnv, env: CONSOLE_ENV });
  const out = execFileSync(
    spawn.command,
    [...spawn.args, secret, path.join(workDir, 'probe.txt'), path.join(w.dataDir, 'escaped.txt'), planted],
    { env: spawn.env, encoding: 'utf8' },
  );
  return JSON.parse(out.trim().split('\n').at(-1) ?? '{}');
}

describe('the embedded agent in its sandbox', () => {
  it("cannot read the console's data or environment, write outside its work dir or start processes", async () => {
    const report = await probe(false);
    expect(report).toMatchObject({
      readSecret: 'ERR_ACCESS_DENIED',
      readParentEnviron: 'ERR_ACCESS_DENIED',
      readOwnEnviron: 'ERR_ACCESS_DENIED',
      writeWorkDir: 'allowed',
      readWorkDir: 'allowed',
      readPlantedLink: 'ENOENT',
      makeLink: 'ERR_ACCESS_DENIED',
      writeOutside: 'ERR_ACCESS_DENIED',
      spawnChild: 'ERR_ACCESS_DENIED',
      startWorker: 'ERR_ACCESS_DENIED',
    });
    // A few system variables, none of the console's.
    expect(
      report.env.filter((name: string) => !(BASE_BUILD_ENV as readonly string[]).includes(name)),
    ).toEqual([]);
  });

  it("with BUILD_COMMAND may start the operator's script, gets the BUILD_ENV variables, still no secret", async () => {
    const report = await probe(true, ['SOME_TOKEN']);
    expect(report).toMatchObject({ readSecret: 'ERR_ACCESS_DENIED', spawnChild: 'allowed' });
    expect(report.env).toContain('SOME_TOKEN');
    expect(report.env).not.toContain('JWT_SECRET');
    expect(report.env).not.toContain('ADMIN_PASSWORD');
    expect(report.env).not.toContain('DATABASE_URL');
  });

  it('builds in a child process of its own, restarted when it dies, and gone once stopped', {
    timeout: 90_000,
  }, async () => {
    const agent = await startWorldAgent(w, { isolation: 'child' });
    let pid: number | undefined;
    try {
      await vi.waitFor(() => expect(agent.pid).toBeTypeOf('number'), { timeout: 20_000 });
      const first = agent.pid as number;
      expect(first).not.toBe(process.pid);
      process.kill(first, 'SIGKILL');
      await vi.waitFor(() => expect(agent.pid ?? first).not.toBe(first), { timeout: 20_000 });
      pid = agent.pid;

      // A NAND image, and an SD-card one, whose FAT writer loads WebAssembly from the agent's own folder.
      const nand = await queueBuild(w);
      const sd = await submit(
        w,
        w.partner.token,
        buildBody(w, w.set.id, {
          install_type: 'sd',
          fee_pools_configs: pools([{}, { worker: 'sandboxsd' }]),
        }),
      );
      for (const build of [nand, sd]) {
        await vi.waitFor(async () => expect((await taskOf(w, build.id))?.status).toBe('done'), {
          timeout: 30_000,
          interval: 200,
        });
        expect(await taskOf(w, build.id)).toMatchObject({ progress: 100, worker_name: 'embedded' });
      }
    } finally {
      await agent.stop();
    }
    // No orphan: the child ended with the agent.
    expect(() => process.kill(pid as number, 0)).toThrow();
  });
});

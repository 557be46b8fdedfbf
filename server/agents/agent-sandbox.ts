// Issue 36: how the console starts its embedded build agent so that the agent cannot read the console's files,
// environment or signing key, even should a builder's path check be wrong. Node's permission model does it
// with nothing to install and no root: the process may read its own code and its work dir, write its work
// dir, and start no process and no worker. Other ways were weighed in docs/architecture.md ("Build isolation").
import { realpath } from 'node:fs/promises';
import path from 'node:path';
import { BASE_BUILD_ENV } from '../../contract/build-env';
import { removeLinks } from './remove-links';

export interface AgentSpawnSpec {
  /** The agent's bundled script; the folder holding it (its code, source map and WebAssembly) is readable. */
  script: string;
  /** The agent's sources cache and build folders: the one place it may write. */
  workDir: string;
  /**
   * BUILD_COMMAND: the operator's own build script, trusted code, which the agent must start. The script is
   * not under the permission model (node's children never are); the agent process itself still is.
   */
  buildCommand: boolean;
  /** BUILD_ENV: the console's variables the operator passes to the build script. */
  buildEnv: readonly string[];
  /** The console's environment, which the agent gets none of but these allow-listed variables. */
  env: NodeJS.ProcessEnv;
}

export interface AgentSpawn {
  command: string;
  args: string[];
  env: Record<string, string>;
  /** The work dir as the permission model knows it: the agent must use this path. */
  workDir: string;
}

/** Node 22 calls the flag --permission; Node 20, which this project supports too, --experimental-permission. */
const PERMISSION_FLAG = process.allowedNodeEnvironmentFlags.has('--permission')
  ? '--permission'
  : '--experimental-permission';

/**
 * The command, arguments and environment of the embedded agent's process, its work dir cleared of symbolic
 * links first (remove-links.ts). The paths are resolved through links: the permission model compares the
 * paths it is asked for as they are given.
 */
export async function agentSpawn(spec: AgentSpawnSpec): Promise<AgentSpawn> {
  const codeDir = await realpath(path.dirname(spec.script));
  const workDir = await realpath(spec.workDir);
  await removeLinks(workDir);
  const args = [
    PERMISSION_FLAG,
    `--allow-fs-read=${codeDir}`,
    `--allow-fs-read=${workDir}`,
    `--allow-fs-write=${workDir}`,
    ...(spec.buildCommand ? ['--allow-child-process'] : []),
    // The permission model's warning that it is experimental, on every start, says nothing to an operator.
    '--disable-warning=ExperimentalWarning',
    '--enable-source-maps',
    path.join(codeDir, path.basename(spec.script)),
  ];
  return { command: process.execPath, args, env: agentEnvironment(spec), workDir };
}

/**
 * PATH, HOME, LANG and the like, and with BUILD_COMMAND the BUILD_ENV variables its script gets
 * (contract/build-env.ts): never the console's secrets, database url or passwords. The worker token goes over
 * the IPC channel instead (contract/embedded-child-protocol.ts).
 */
function agentEnvironment(spec: AgentSpawnSpec): Record<string, string> {
  const env: Record<string, string> = {};
  for (const name of [...BASE_BUILD_ENV, ...(spec.buildCommand ? spec.buildEnv : [])]) {
    const value = spec.env[name];
    if (value !== undefined) env[name] = value;
  }
  delete env.AGENT_TOKEN;
  return env;
}

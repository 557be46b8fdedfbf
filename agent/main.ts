// A build agent for this machine: `node dist-server/agent/cli.mjs --server URL` in production (the build's one
// file), `npm run agent -- --server URL` from the sources. The token comes from the environment (AGENT_TOKEN, or
// AGENT_TOKEN_FILE naming a file that holds it), never the command line, where every user's `ps` shows it
// (issue 43, item 2.2). Options may come from the environment too: AGENT_SERVER, AGENT_WORK_DIR,
// BUILD_COMMAND, BUILD_ENV.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { parseBuildEnv } from '../contract/build-env';
import { Agent } from './agent';
import { commandBuilder } from './builders/command-builder';

const USAGE = `Usage: AGENT_TOKEN=… node dist-server/agent/cli.mjs --server URL [--work-dir DIR]
                     [--build-command CMD] [--build-env NAMES]
       (from the sources: npm run agent -- --server URL …)

  --server         the console's address, e.g. http://127.0.0.1:8080   (env AGENT_SERVER)
                   the worker token, shown once on the Agents page: env AGENT_TOKEN, or env
                   AGENT_TOKEN_FILE, a file that holds it (--token still works, but shows it in ps)
  --work-dir       sources cache and build folders                      (env AGENT_WORK_DIR)
  --build-command  your own build script instead of the default builder (env BUILD_COMMAND)
  --build-env      variables passed to the build script, comma-separated (env BUILD_ENV); it gets
                   PATH, HOME, LANG, LC_ALL, TZ, TMPDIR, the job's variables and these, nothing else
  --heartbeat-ms   heartbeat period, 10000 by default`;

/** The worker token: --token (warned about), AGENT_TOKEN, or the contents of AGENT_TOKEN_FILE. */
function readToken(fromArgs: string | undefined): string | undefined {
  if (fromArgs) {
    console.error(
      '--token shows the token to every user of this machine (ps): set AGENT_TOKEN or AGENT_TOKEN_FILE',
    );
    return fromArgs;
  }
  if (process.env.AGENT_TOKEN) return process.env.AGENT_TOKEN;
  const file = process.env.AGENT_TOKEN_FILE;
  if (!file) return undefined;
  try {
    return readFileSync(file, 'utf8').trim() || undefined;
  } catch (error) {
    console.error(`AGENT_TOKEN_FILE: cannot read ${file}: ${(error as NodeJS.ErrnoException).code ?? error}`);
    process.exit(2);
  }
}

function options() {
  const { values } = parseArgs({
    options: {
      server: { type: 'string' },
      token: { type: 'string' },
      'work-dir': { type: 'string' },
      'build-command': { type: 'string' },
      'build-env': { type: 'string' },
      'heartbeat-ms': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  const server = values.server ?? process.env.AGENT_SERVER;
  const token = readToken(values.token);
  if (!server || !token || !URL.canParse(server)) {
    console.error(USAGE);
    process.exit(2);
  }
  // One cache per server and token unless told otherwise, so two agents on one machine do not share runs.
  const id = createHash('sha256').update(`${server} ${token}`).digest('hex').slice(0, 12);
  const workDir = path.resolve(
    values['work-dir'] ?? process.env.AGENT_WORK_DIR ?? path.join(tmpdir(), `firmware-agent-${id}`),
  );
  const buildCommand = values['build-command'] ?? process.env.BUILD_COMMAND;
  let buildEnv: string[];
  try {
    buildEnv = parseBuildEnv(values['build-env'] ?? process.env.BUILD_ENV);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
  const heartbeatMs = Number(values['heartbeat-ms'] ?? 10_000);
  return { server, token, workDir, buildCommand, buildEnv, heartbeatMs };
}

const { server, token, workDir, buildCommand, buildEnv, heartbeatMs } = options();
const agent = new Agent({
  server,
  token,
  workDir,
  heartbeatMs,
  builder: buildCommand ? commandBuilder(buildCommand, { env: buildEnv }) : undefined,
});
console.log(`Build agent for ${server} (work dir ${workDir}${buildCommand ? ', BUILD_COMMAND' : ''})`);

let stopping = false;
const stop = (signal: string) => {
  if (stopping) process.exit(1);
  stopping = true;
  console.log(`${signal}: finishing the current build, then stopping (again to quit now)`);
  void agent.stop().then(() => process.exit(0));
};
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));

await agent.run();

// Issue 12, findings 4 and 9: a partner reads its build's log (and developers every build's, live), so
// nothing of the console's may reach it. A BUILD_COMMAND script gets an allow-listed environment (never the
// console's), and the values of every secret the console and the agent hold are masked in the lines, by the
// agent and again by the server; so is the build's uuid, which downloads its artifact.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmbeddedAgent } from '../agents/embedded-agent';
import { appendServerLine } from '../builds/logs/build-events-repository';
import { serverSecrets } from '../builds/logs/log-secrets';
import { loadConfig } from '../config';
import { migrationsFolder } from '../platform/db/pglite-files';
import {
  type AgentWorld,
  addAgent,
  agentCall,
  type Claimed,
  claim,
  createAgentWorld,
  logOf,
  queueBuild,
  sendEvents,
  startWorldAgent,
  taskOf,
} from '../test/agent-fixtures';
import { TEST_JWT_SECRET } from '../test/helper';

/** The console's settings as an operator sets them, in the environment the server (and its agent) run in. */
const SERVER_ENV = {
  ADMIN_PASSWORD: 'admin-password-from-env-41',
  DEMO_PASSWORD: 'demo-password-from-env-42',
  JWT_SECRET: 'jwt-secret-from-env-43-0123456789abcdef',
  SMTP_URL: 'smtp://mailer:smtp-pass-from-env-44@mail.example:587',
  METRICS_TOKEN: 'metrics-token-from-env-45',
  NPM_TOKEN: 'npm-token-from-env-46',
  UNLISTED_SETTING: 'not-for-build-scripts-47',
  FIRMWARE_SDK: '/opt/firmware-sdk-48',
};
// On PostgreSQL runs DATABASE_URL is the test server's; on PGlite one is made up (read only from here on).
const DATABASE_URL =
  process.env.DATABASE_URL ?? 'postgres://console:pg-pass-from-env-49@db.example:5432/console';
const SECRET_VALUES = [
  SERVER_ENV.ADMIN_PASSWORD,
  SERVER_ENV.DEMO_PASSWORD,
  SERVER_ENV.JWT_SECRET,
  SERVER_ENV.SMTP_URL,
  'smtp-pass-from-env-44',
  SERVER_ENV.METRICS_TOKEN,
  SERVER_ENV.NPM_TOKEN,
  DATABASE_URL,
];
const SERVER_SECRET_NAMES = [
  'ADMIN_PASSWORD',
  'DEMO_PASSWORD',
  'JWT_SECRET',
  'DATABASE_URL',
  'SMTP_URL',
  'METRICS_TOKEN',
  'AGENT_TOKEN',
  'UNLISTED_SETTING',
];

// The script prints the names of its variables (names are never masked, so this shows the environment
// itself, not what the redactor made of it), then its whole environment, then a secret it was given.
const SCRIPT = [
  `echo "names: $(env | cut -d= -f1 | sort | tr '\\n' ' ')"`,
  'env',
  'echo "publishing with $NPM_TOKEN"',
  'echo built > "$OUTPUT_DIR/firmware.txt"',
].join('\n');

let w: AgentWorld;
let url: string;
const saved: Record<string, string | undefined> = {};

beforeAll(async () => {
  w = await createAgentWorld({ claimWaitMs: 2_000 });
  url = await w.t.app.listen({ port: 0, host: '127.0.0.1' });
  for (const [name, value] of Object.entries({ ...SERVER_ENV, DATABASE_URL })) {
    saved[name] = process.env[name];
    process.env[name] = value;
  }
});
afterAll(async () => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  // A claim an agent's stop aborted while connecting can leave a connection that never sent a request:
  // not idle to Node, so the close would wait for the headers timeout. No request is under way here.
  const closing = w.close();
  w.t.app.server.closeAllConnections();
  await closing;
});

/** Runs one build on an embedded agent started as `npm start` starts it, and answers its log. */
async function buildWithEmbeddedAgent(options: { buildCommand?: string; buildEnv?: string[] }) {
  const config = loadConfig({ ...process.env, BUILD_ENV: options.buildEnv?.join(',') });
  let agent: EmbeddedAgent | undefined;
  try {
    agent = await startWorldAgent(
      w,
      { buildCommand: options.buildCommand, buildEnv: config.buildEnv, secrets: serverSecrets(config) },
      url,
    );
    const build = await queueBuild(w);
    const deadline = Date.now() + 60_000;
    let task = await taskOf(w, build.id);
    while (!['done', 'failed'].includes(task?.status ?? '') && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 200));
      task = await taskOf(w, build.id);
    }
    // What the partner who ordered the build reads.
    return { build, task, lines: await logOf(w, build.id, w.partner.token) };
  } finally {
    await agent?.stop();
  }
}

describe('BUILD_COMMAND and the console’s secrets (finding 4)', () => {
  it('gives the script PATH, HOME, the job’s variables and BUILD_ENV’s, none of the console’s', async () => {
    const { task, lines } = await buildWithEmbeddedAgent({
      buildCommand: SCRIPT,
      buildEnv: ['FIRMWARE_SDK', 'NPM_TOKEN'],
    });
    expect(task?.status, lines.join('\n')).toBe('done');
    const names = lines.find((line) => line.startsWith('names: '))?.split(/\s+/) ?? [];
    expect(names).toEqual(
      expect.arrayContaining(['PATH', 'HOME', 'OUTPUT_DIR', 'SOURCES_DIR', 'JOB_ID', 'JOB_ATTEMPT']),
    );
    expect(names).toEqual(expect.arrayContaining(['FIRMWARE_SDK', 'NPM_TOKEN']));
    for (const name of SERVER_SECRET_NAMES) expect(names, name).not.toContain(name);
    // A variable named in BUILD_ENV arrives with its value.
    expect(lines).toContain(`FIRMWARE_SDK=${SERVER_ENV.FIRMWARE_SDK}`);
    // One the operator handed over on purpose is still masked in the log.
    expect(lines).toContain('publishing with ***');
    expect(lines).toContain('NPM_TOKEN=***');
    const log = lines.join('\n');
    for (const secret of SECRET_VALUES) expect(log, secret).not.toContain(secret);
  });

  it('refuses to pass the console’s own secrets even when BUILD_ENV names them', () => {
    expect(() => loadConfig({ BUILD_ENV: 'FIRMWARE_SDK,ADMIN_PASSWORD' })).toThrow(/ADMIN_PASSWORD/);
  });

  it('masks the console’s secrets in lines any agent sends, before storing them', async () => {
    // A foreign (or older) agent that masks nothing itself.
    const agent = await addAgent(w, 'careless-agent');
    await queueBuild(w);
    const job = (await claim(w, agent.token)) as Claimed;
    const res = await sendEvents(w, agent.token, job, [
      { seq: 1, type: 'log', data: `jwt ${TEST_JWT_SECRET} in the middle` },
      { seq: 2, type: 'log', data: 'ADMIN_PASSWORD=whatever-it-is' },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const lines = await logOf(w, job.id, w.partner.token);
    expect(lines).toEqual(expect.arrayContaining(['jwt *** in the middle', 'ADMIN_PASSWORD=***']));
    expect(lines.join('\n')).not.toContain(TEST_JWT_SECRET);
    // Ended, so that no later build waits behind it.
    expect((await agentCallFinish(agent.token, job, 'done testing')).statusCode).toBe(200);
  });
});

/** The uuid in any spelling the download route takes (PostgreSQL reads a uuid in either case, dashes or not). */
const carriesUuid = (line: string, uuid: string) =>
  line.toLowerCase().replace(/-/g, '').includes(uuid.toLowerCase().replace(/-/g, ''));

describe('the build uuid, a download capability, in build logs (finding 9)', () => {
  it('is in no stored line of a build by the default builder', async () => {
    const { build, task } = await buildWithEmbeddedAgent({});
    expect(task?.status).toBe('done');
    const lines = await logOf(w, build.id, w.admin.token);
    expect(lines.length).toBeGreaterThan(3);
    expect(lines.filter((line) => carriesUuid(line, build.uuid as string))).toEqual([]);
  });

  it('is masked when a build script prints it, however written', async () => {
    const { build, task, lines } = await buildWithEmbeddedAgent({
      buildCommand: [
        'echo "uuid $JOB_UUID"',
        `echo "upper $(echo "$JOB_UUID" | tr a-f A-F)"`,
        `echo "bare $(echo "$JOB_UUID" | tr -d -)"`,
        'echo "in $(pwd)"',
        'echo built > "$OUTPUT_DIR/firmware.txt"',
      ].join('\n'),
    });
    expect(task?.status, lines.join('\n')).toBe('done');
    expect(lines).toEqual(expect.arrayContaining(['uuid ***', 'upper ***', 'bare ***']));
    expect(lines.filter((line) => carriesUuid(line, build.uuid as string))).toEqual([]);
  });

  it('is masked by the server in lines any agent sends', async () => {
    const agent = await addAgent(w, 'uuid-agent');
    await queueBuild(w);
    const job = (await claim(w, agent.token)) as Claimed;
    const res = await sendEvents(w, agent.token, job, [
      { seq: 1, type: 'log', data: `Building ${job.uuid}` },
      { seq: 2, type: 'log', data: `BUILDING ${job.uuid.toUpperCase()}.TAR.GZ` },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const failed = await agentCallFinish(agent.token, job, `could not write /runs/${job.uuid}-1-x/out`);
    expect(failed.statusCode, failed.body).toBe(200);
    const lines = await logOf(w, job.id, w.admin.token);
    expect(lines).toEqual(expect.arrayContaining(['Building ***', 'BUILDING ***.TAR.GZ']));
    expect(lines.filter((line) => carriesUuid(line, job.uuid))).toEqual([]);
  });
});

describe('log lines stored before the uuid was masked (finding 9, migration 0012)', () => {
  it('lose the uuid, in any spelling, and keep the rest', async () => {
    const build = await queueBuild(w);
    const uuid = build.uuid as string;
    const other = await queueBuild(w);
    const old = [
      `Building S19j Pro 1.0.0 (${uuid}), attempt 1`,
      `Packed ${uuid}.tar.gz: 10 bytes`,
      `upper ${uuid.toUpperCase()} and bare ${uuid.replace(/-/g, '')}`,
      `another build's ${other.uuid}`,
    ];
    for (const line of old) await appendServerLine(w.t.db, build.id, 1, line);
    const migration = await readFile(path.join(migrationsFolder, '0012_scrub_log_uuids.sql'), 'utf8');
    await w.t.db.execute(sql.raw(migration));
    expect(await logOf(w, build.id, w.admin.token)).toEqual(
      expect.arrayContaining([
        'Building S19j Pro 1.0.0 (***), attempt 1',
        'Packed ***.tar.gz: 10 bytes',
        'upper *** and bare ***',
        `another build's ${other.uuid}`,
      ]),
    );
  });
});

function agentCallFinish(token: string, job: Claimed, reason: string) {
  return agentCall(w, token, 'POST', `/jobs/${job.id}/finish`, { status: 'failed', reason });
}

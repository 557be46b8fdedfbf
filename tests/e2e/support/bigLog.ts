// A finished build with a very long log, written straight into a stopped server's database (the e2e test of the
// log dialog and bench/logs.ts share it): going through an agent would take minutes for 100,000 lines.
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { buildsSummaryText } from '../../../server/sets/sets-repository';
import { type RunningServer, startServer } from './server';

export const BIG_LOG_SET = 'Big log';

/** The text of line `n` (1-based), ~70 characters like a compiler's; every 1000th says `milestone`. */
export const bigLogLine = (n: number) =>
  `[${String(n).padStart(6, '0')}] CC drivers/miner/hashboard/chain_${n % 97}.o ${n % 1000 === 0 ? 'milestone' : 'ok'}`;

/** The same lines as SQL, for `generate_series(1, n) i`. */
const LINE_SQL = `'[' || lpad(i::text, 6, '0') || '] CC drivers/miner/hashboard/chain_' || (i % 97) ||
  '.o ' || case when i % 1000 = 0 then 'milestone' else 'ok' end`;

type Query = (sql: string) => Promise<{ rows: Record<string, unknown>[] }>;

/**
 * A set `set` (`Big log` unless given) of the account `email` with one finished build (done, 100 %) whose log
 * has `lines` lines, numbered 1… in order. Answers the build's id.
 */
export async function seedBigLog(
  query: Query,
  email: string,
  lines: number,
  set = BIG_LOG_SET,
): Promise<number> {
  const { rows } = await query(`
    with owner as (select id from accounts where email = '${email}'),
    grp as (insert into firmware_groups (user_id, name, count_firmwares)
            select id, '${set}', 1 from owner returning id, user_id),
    combo as (select c.model, m.series, c.platform, c.install_type from model_platform_install_types c
              join models m on m.name = c.model order by c.model, c.platform, c.install_type limit 1),
    rel as (select r.id, r.version, r.stage from releases r join combo on r.series = combo.series
            order by r.id limit 1)
    insert into builds (group_id, user_id, name, model, series, platform, install_type, release_id,
      release_version, stage, status, progress, attempts, job_spec, queued_at, started_at, finished_at)
    select grp.id, grp.user_id, 'big-log build', combo.model, combo.series, combo.platform, combo.install_type,
      rel.id, rel.version, rel.stage, 'done', 100, 1, '{}'::jsonb, now(), now(), now()
    from grp, combo, rel
    returning id`);
  const id = Number(rows[0]?.id);
  if (!id) throw new Error(`no big-log build: is ${email} there, with a catalogue and releases?`);
  // What the set's builds are, as the server keeps it (recountSet): its sets list shows the build's model.
  await query(`update firmware_groups set builds_summary = ${buildsSummaryText()}
    where id = (select group_id from builds where id = ${id})`);
  await query(`
    insert into build_events (build_id, attempt, agent_seq, type, data, created_at)
    select ${id}, 1, i, 'log', ${LINE_SQL}, now() - (${lines} - i) * interval '1 millisecond'
    from generate_series(1, ${lines}) i`);
  await query(`
    insert into build_events (build_id, attempt, agent_seq, type, data)
    values (${id}, 1, ${lines + 1}, 'progress', '100')`);
  await query('vacuum analyze build_events');
  return id;
}

/** One log to seed: a set of its own holding one build whose log has `lines` lines. */
export interface SeededLog {
  set: string;
  lines: number;
}

/**
 * The console started on a DATA_DIR whose database holds the demo data and one build for each of `logs` (the
 * server is started once to migrate and seed, stopped, given the logs, and started again). With `DATABASE_URL`
 * in `env` the logs go into that PostgreSQL database, else into the embedded one. Answers the builds' ids in
 * the order of `logs`.
 */
export async function startWithLogs(
  logs: SeededLog[],
  env: Record<string, string> = {},
  { from }: { from?: string } = {},
): Promise<{ server: RunningServer; buildIds: number[]; dataDir: string }> {
  const dataDir = await mkdtemp(join(tmpdir(), 'fc-biglog-'));
  const serverEnv = { EMBEDDED_AGENT: '0', ...env, DATA_DIR: dataDir };
  const first = await startServer(serverEnv, { from });
  const email = first.partner.email;
  await first.stop();
  const seedAll = async (query: Query) => {
    const ids: number[] = [];
    for (const log of logs) ids.push(await seedBigLog(query, email, log.lines, log.set));
    return ids;
  };
  let buildIds: number[];
  if (env.DATABASE_URL) {
    const client = new pg.Client({ connectionString: env.DATABASE_URL });
    await client.connect();
    try {
      buildIds = await seedAll((sql) => client.query(sql));
    } finally {
      await client.end();
    }
  } else {
    const db = await PGlite.create(join(dataDir, 'pg'));
    try {
      buildIds = await seedAll((sql) => db.query(sql));
    } finally {
      await db.close();
    }
  }
  return { server: await startServer(serverEnv), buildIds, dataDir };
}

/** startWithLogs with one build, in the set `Big log`, whose log has `lines` lines. */
export async function startWithBigLog(
  lines: number,
  env: Record<string, string> = {},
  options: { from?: string } = {},
): Promise<{ server: RunningServer; buildId: number; dataDir: string }> {
  const { server, buildIds, dataDir } = await startWithLogs([{ set: BIG_LOG_SET, lines }], env, options);
  return { server, buildId: buildIds[0], dataDir };
}

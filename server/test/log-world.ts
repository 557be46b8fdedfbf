// A build with a log of ~4,500 lines among another build's and progress events, for the log route tests.
import { sql } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import { api, type BuildWorld, buildBody, createSet, submit } from './build-fixtures';

export interface LogPage {
  progress: number;
  lines: { seq: number; line: string; at: string }[];
  before: number | null;
  after: number | null;
}

/** The seeded log: its build, its number of lines (`line 1` … `line <lines>`), and each line's seq by number. */
export interface SeededLog {
  buildId: number;
  lines: number;
  seqOf: Map<number, number>;
}

/** The text of line `n`: every 1000th also says NEEDLE. */
export const lineText = (n: number) => `line ${n}${n % 1000 === 0 ? ' NEEDLE here' : ''}`;

/** Seeds the log in `beforeAll`; its facts are filled in by then. */
export function seededLog(w: BuildWorld): SeededLog {
  const log: SeededLog = { buildId: 0, lines: 0, seqOf: new Map() };
  beforeAll(async () => {
    const set = await createSet(w, w.partner.token, 'log-set');
    log.buildId = (await submit(w, w.partner.token, buildBody(w, set.id))).id;
    const buildId = log.buildId;
    // The lines straight into the table (an agent would take minutes), with progress events among them that
    // a log page must skip, and another build's lines interleaved that it must not show; then each line of the
    // build is given its text: `line <n>`, n counting its log lines from 1.
    const other = await submit(w, w.partner.token, buildBody(w, set.id));
    await w.t.db.execute(sql`delete from build_events where build_id = ${buildId}`);
    await w.t.db.execute(sql`
    insert into build_events (build_id, attempt, agent_seq, type, data)
    select case when i % 5 = 0 then ${other.id}::int else ${buildId}::int end, 1, i,
      case when i % 501 = 7 then 'progress' else 'log' end, case when i % 501 = 7 then '50' else 'noise' end
    from generate_series(1, 5700) i`);
    const rows = await w.t.db.execute<{ id: number; rn: number }>(sql`
    select id, row_number() over (order by id)::int as rn from build_events
    where build_id = ${buildId} and type = 'log' order by id`);
    for (const row of (rows as unknown as { rows: { id: number; rn: number }[] }).rows)
      log.seqOf.set(row.rn, Number(row.id));
    log.lines = log.seqOf.size;
    await w.t.db.execute(sql`
    update build_events e set data = 'line ' || n.rn || case when n.rn % 1000 = 0 then ' NEEDLE here' else '' end
    from (select id, row_number() over (order by id) as rn from build_events
          where build_id = ${buildId} and type = 'log') n
    where e.id = n.id`);
    expect(log.lines).toBeGreaterThan(4000);
  });
  return log;
}

/** GET a log page as `token`, expecting 200. */
export async function logPage(w: BuildWorld, url: string, token = w.partner.token): Promise<LogPage> {
  const res = await api(w, 'GET', url, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<LogPage>();
}

/** Counts turns of the event loop (what a waiting request needs) by a callback that schedules itself each turn. */
export function turnCounter() {
  let turns = 0;
  let counting = true;
  const turn = () => {
    turns++;
    if (counting) setImmediate(turn);
  };
  setImmediate(turn);
  return {
    turns: () => turns,
    stop: () => {
      counting = false;
    },
  };
}

import { PGlite } from '@electric-sql/pglite';
const db = await PGlite.create('/tmp/expl/data/pg');
const uid = (await db.query<{ id: number }>(`select id from accounts where email='partner@localhost'`)).rows[0].id;
const show = async (label: string, q: string) => {
  for (let i = 0; i < 3; i++) await db.query(q);
  const times: string[] = [];
  for (let i = 0; i < 5; i++) {
    const r = await db.query<{ 'QUERY PLAN': string }>(`explain analyze ${q}`);
    const lines = r.rows.map((x) => x['QUERY PLAN']);
    times.push(lines.filter((l) => /Planning Time|Execution Time/.test(l)).map((l) => l.replace(/ Time: /, ' ').replace(' ms', '')).join(' '));
  }
  const t0 = performance.now();
  for (let i = 0; i < 200; i++) await db.query(q);
  console.log(`--- ${label}: ${times.join(' | ')}; wall ${((performance.now() - t0) / 200).toFixed(3)} ms`);
};
await show('baseline', `select * from builds where user_id=${uid} and task_hidden=false and is_removed=false order by queued_at desc, id desc limit 20`);
await show('sets page', `select g.*, (select count(*)::int from firmware_groups where user_id=${uid} and is_removed=false) as total from firmware_groups g where user_id=${uid} and is_removed=false order by id desc limit 20`);
const ids = (await db.query<{ id: number }>(`select id from firmware_groups where user_id=${uid} and is_removed=false order by id desc limit 20`)).rows.map((r) => r.id);
await show('versions', `select distinct on (group_id, model) group_id, model, release_id from builds where group_id in (${ids.join(',')}) order by group_id, model, id desc`);
await show('active', `select g.*, a.email, a.worker from firmware_groups g join accounts a on a.id=g.user_id where g.is_removed=false and g.count_firmwares>0 order by g.id desc limit 20`);
const aids = (await db.query<{ id: number }>(`select g.id from firmware_groups g where g.is_removed=false and g.count_firmwares>0 order by g.id desc limit 20`)).rows.map((r) => r.id);
await show('active versions', `select distinct on (group_id, model) group_id, model, release_id from builds where group_id in (${aids.join(',')}) order by group_id, model, id desc`);
await db.close();

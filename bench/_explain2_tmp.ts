import { PGlite } from '@electric-sql/pglite';
const db = await PGlite.create('/tmp/expl/data/pg');
const uid = (await db.query<{ id: number }>(`select id from accounts where email='partner@localhost'`)).rows[0].id;
const wall = async (label: string, q: string, params: unknown[] = []) => {
  for (let i = 0; i < 20; i++) await db.query(q, params);
  const t0 = performance.now();
  for (let i = 0; i < 300; i++) await db.query(q, params);
  console.log(`${label}: ${((performance.now() - t0) / 300).toFixed(3)} ms`);
};
await wall('select 1', 'select 1');
await wall('baseline', `select * from builds where user_id=$1 and task_hidden=false and is_removed=false order by queued_at desc, id desc limit 20`, [uid]);
await wall('sets page', `select g.*, (select count(*)::int from firmware_groups where user_id=$1 and is_removed=false) as total from firmware_groups g where user_id=$1 and is_removed=false order by id desc limit 20`, [uid]);
const ids = (await db.query<{ id: number }>(`select id from firmware_groups where user_id=${uid} and is_removed=false order by id desc limit 20`)).rows.map((r) => r.id);
await wall('versions', `select distinct on (group_id, model) group_id, model, release_id from builds where group_id = any($1) order by group_id, model, id desc`, [ids]);
await wall('combined', `select g.*, (select count(*)::int from firmware_groups where user_id=$1 and is_removed=false) as total,
  (select coalesce(json_agg(json_build_array(v.model, v.release_id) order by v.model), '[]') from (select distinct on (model) model, release_id from builds b where b.group_id = g.id order by model, id desc) v) as versions
  from firmware_groups g where user_id=$1 and is_removed=false order by id desc limit 20`, [uid]);
await wall('combined text', `select g.*, (select count(*)::int from firmware_groups where user_id=$1 and is_removed=false) as total,
  (select string_agg(v.model || ' ' || v.release_id, ',' order by v.model) from (select distinct on (model) model, release_id from builds b where b.group_id = g.id order by model, id desc) v) as versions
  from firmware_groups g where user_id=$1 and is_removed=false order by id desc limit 20`, [uid]);
await wall('json text', `select g.*, (select count(*)::int from firmware_groups where user_id=$1 and is_removed=false) as total,
  (select json_agg(json_build_array(v.model, v.release_id) order by v.model)::text from (select distinct on (model) model, release_id from builds b where b.group_id = g.id order by model, id desc) v) as versions
  from firmware_groups g where user_id=$1 and is_removed=false order by id desc limit 20`, [uid]);
await wall('two arrays', `select g.*, (select count(*)::int from firmware_groups where user_id=$1 and is_removed=false) as total, v.models, v.releases
  from firmware_groups g left join lateral (select array_agg(model order by model) models, array_agg(release_id order by model) releases from (select distinct on (model) model, release_id from builds b where b.group_id = g.id order by model, id desc) x) v on true where user_id=$1 and is_removed=false order by id desc limit 20`, [uid]);
await wall('no versions, same shape', `select g.*, (select count(*)::int from firmware_groups where user_id=$1 and is_removed=false) as total
  from firmware_groups g where user_id=$1 and is_removed=false order by id desc limit 20`, [uid]);
await db.close();

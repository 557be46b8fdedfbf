// Issue 42: the places every task list shows are read once per queue version, as one ordered list, whatever
// the queue's length (a 50,000-build queue was counted again on every request). The places must be those of
// the fair order (server/queue/fair-order.ts): here they are checked against that order counted per build.
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fairOrder, fairQueue } from '../queue/fair-order';
import { createAgentWorld, emptyQueue, queueBuild } from '../test/agent-fixtures';
import { createSet } from '../test/build-fixtures';
import { seededRandom } from '../test/seeded-random';
import { sharedWorld } from '../test/shared-world';
import { forgetQueuePositions, placeOf, placesOf, queuePositions, queueVersion } from './queue-positions';

const w = sharedWorld(createAgentWorld);

/** The fair order's places counted per build, as the task lists did before issue 42 (countPositions). */
async function countedPlaces(ids: number[]): Promise<Map<number, number>> {
  const result = await w.t.db.execute(sql`
    select id, position from (
      select f.id, (row_number() over (order by ${fairOrder('f')}))::int as position from ${fairQueue()} f
    ) ranked
    where id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`);
  const rows = (result as unknown as { rows: { id: number; position: number }[] }).rows;
  return new Map(rows.map((row) => [Number(row.id), Number(row.position)]));
}

const version = async () => {
  const result = await w.t.db.execute(sql`select ${queueVersion} as version`);
  return String((result as unknown as { rows: { version: string }[] }).rows[0].version);
};

describe('placesOf', () => {
  it('finds each id of the order at its 1-based place, and nothing else', () => {
    const random = seededRandom(42);
    const order = Int32Array.from(
      new Set(Array.from({ length: 500 }, () => 1 + Math.floor(random() * 100_000))),
    );
    const places = placesOf(order, '7');
    expect(Array.from(order, (id) => placeOf(places, id))).toEqual(
      Array.from(order, (_, index) => index + 1),
    );
    expect(placeOf(places, 0)).toBeUndefined();
    expect(placeOf(places, 100_001)).toBeUndefined();
    expect(placeOf(placesOf(new Int32Array(), '7'), 1)).toBeUndefined();
  });
});

describe('queuePositions on a random queue', () => {
  const ids: number[] = [];
  beforeAll(async () => {
    await emptyQueue(w);
    const template = (await queueBuild(w)).id;
    const otherSet = await createSet(w, w.other.token, 'positions-other');
    const otherTemplate = (await queueBuild(w, w.other.token, otherSet.id)).id;
    // Three accounts' worth of turns: the partner, the other partner, and the admin (through the partner's set:
    // the order reads only the builds' owners). Random statuses and queue times, ties included.
    const owners = [w.partner.id, w.other.id, w.admin.id];
    const random = seededRandom(36);
    const rows = Array.from({ length: 300 }, () => ({
      owner: owners[Math.floor(random() * owners.length)],
      status: random() < 0.15 ? 'in_progress' : random() < 0.1 ? 'done' : 'pending',
      removed: random() < 0.05,
      seconds: Math.floor(random() * 120),
    }));
    for (const row of rows) {
      const from = row.owner === w.other.id ? otherTemplate : template;
      const result = await w.t.db.execute(sql`
        insert into builds (group_id, user_id, name, model, series, platform, install_type, release_id,
          release_version, stage, job_spec, status, is_removed, queued_at)
        select group_id, ${row.owner}, name, model, series, platform, install_type, release_id, release_version,
          stage, job_spec, ${row.status}, ${row.removed}, now() - ${row.seconds} * interval '1 second'
        from builds where id = ${from}
        returning id`);
      ids.push(Number((result as unknown as { rows: { id: number }[] }).rows[0].id));
    }
    ids.push(template, otherTemplate);
  });

  it('gives every pending build the place the fair order counts for it', async () => {
    forgetQueuePositions(w.t.db);
    const counted = await countedPlaces(ids);
    expect(counted.size).toBeGreaterThan(150);
    const read = await queuePositions(w.t.db, await version(), ids);
    expect(read).toEqual(counted);
  });

  it('reads the places again once the queue has moved on', async () => {
    const before = await queuePositions(w.t.db, await version(), ids);
    // The first in the order leaves the queue (a claim): everyone behind it moves up one place.
    const first = [...before].find(([, place]) => place === 1)?.[0] as number;
    await w.t.db.execute(sql`update builds set status = 'in_progress' where id = ${first}`);
    const after = await queuePositions(w.t.db, await version(), ids);
    expect(after.has(first)).toBe(false);
    expect(after).toEqual(await countedPlaces(ids));
  });

  it('answers a page read before the kept places with them, the queue as it stands since', async () => {
    const pageVersion = await version();
    const before = await queuePositions(w.t.db, pageVersion, ids);
    const first = [...before].find(([, place]) => place === 1)?.[0] as number;
    await w.t.db.execute(sql`update builds set status = 'in_progress' where id = ${first}`);
    const since = await queuePositions(w.t.db, await version(), ids);
    expect(since).toEqual(await countedPlaces(ids));
    // A page of the earlier version, answered after: the later places, never the earlier ones again.
    expect(await queuePositions(w.t.db, pageVersion, ids)).toEqual(since);
  });

  it('answers only the ids asked about, and nothing for no id', async () => {
    const current = await version();
    const all = await queuePositions(w.t.db, current, ids);
    const some = ids.filter((id) => all.has(id)).slice(0, 3);
    expect(await queuePositions(w.t.db, current, some)).toEqual(new Map(some.map((id) => [id, all.get(id)])));
    expect(await queuePositions(w.t.db, current, [])).toEqual(new Map());
  });
});

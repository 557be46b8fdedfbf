import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildAgents, buildRuns, builds } from '../platform/db/schema';
import { addAgent, claim, createAgentWorld, queueBuild } from '../test/agent-fixtures';
import { sharedWorld } from '../test/shared-world';

// Issue 17: migration 0019 makes each build that existed before it its run 1, from the build's own state.
const migration = readFileSync(
  fileURLToPath(new URL('../platform/db/migrations/0019_build_runs.sql', import.meta.url)),
  'utf8',
);
const backfill = migration.split('--> statement-breakpoint').at(-1) ?? '';

const w = sharedWorld(createAgentWorld);

describe('migration 0019', () => {
  it('records every existing build as its run 1, with its agent name, status and release tags', async () => {
    const agent = await addAgent(w, 'old-agent');
    const queued = await queueBuild(w);
    expect((await claim(w, agent.token))?.id).toBe(queued.id);
    // As before the migration: no run records.
    await w.t.db.delete(buildRuns);
    await w.t.db.execute(sql.raw(backfill));

    const [run] = await w.t.db.select().from(buildRuns).where(eq(buildRuns.build_id, queued.id));
    const [build] = await w.t.db.select().from(builds).where(eq(builds.id, queued.id));
    const [row] = await w.t.db.select().from(buildAgents).where(eq(buildAgents.id, agent.id));
    expect(run).toMatchObject({
      run: 1,
      status: 'in_progress',
      agent_id: agent.id,
      agent_name: row.name,
      release_id: build.release_id,
      release_version: build.release_version,
      attempts: 1,
    });
    expect(run.started_at?.toISOString()).toBe(build.started_at?.toISOString());
    expect(run.commits.map((c) => `${c.repository}@${c.tag}`)).toEqual(
      expect.arrayContaining(['firmware-x19@v1.0.0']),
    );
  });
});

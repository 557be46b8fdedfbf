CREATE INDEX "build_runs_running_idx" ON "build_runs" USING btree ("agent_id","started_at") WHERE "build_runs"."finished_at" is null and "build_runs"."started_at" is not null and "build_runs"."agent_id" is not null;--> statement-breakpoint
-- Issue 42: the agents chart and the licenses chart read dashboard_rollup too, kept like the builds' kinds (0030)
-- by statement triggers in each change's own transaction:
-- - 'agent_busy' (key: the agent's id): per UTC hour, how many finished runs of the agent overlap the hour
--   (started to finished, both hours counted; per day, the sum of its hours); a run still building is read
--   from build_runs_running_idx.
-- - 'license' (key: the license's id): per UTC hour of issue, the licenses issued; the chart joins `licenses`
--   for the region when it reads, so a region edited or a license removed (its issues cascade) stays right.
-- Every kind is kept per UTC day too (kind 'd_' || kind, `hour` the day's start): a chart of 7 to 90 days reads
-- its whole days from these, 24 times fewer rows (PGlite took 0.5–0.9 s over 90 days of hours), and only its
-- first, partial day from the hours. The builds' truncate now empties only the builds' kinds.
CREATE OR REPLACE FUNCTION "dashboard_rollup_sql"(changed text) RETURNS text LANGUAGE sql IMMUTABLE AS $f$
  SELECT format($q$
    INSERT INTO dashboard_rollup (hour, kind, key, n)
    SELECT date_trunc(g.unit, c.queued_at, 'UTC'), g.prefix || v.kind, v.key, sum(c.delta)
    FROM (%s) c(queued_at, status, model, release_version, started_at, finished_at, delta)
    CROSS JOIN LATERAL (VALUES
      ('status', c.status),
      ('ended_model', CASE WHEN c.status IN ('done', 'failed') THEN c.model END),
      ('failed_model', CASE WHEN c.status = 'failed' THEN c.model END),
      ('ended_release', CASE WHEN c.status IN ('done', 'failed') THEN c.release_version END),
      ('failed_release', CASE WHEN c.status = 'failed' THEN c.release_version END),
      ('wait', CASE WHEN c.started_at IS NOT NULL
        THEN dashboard_bin(extract(epoch FROM c.started_at - c.queued_at)::float8)::text END),
      ('duration', CASE WHEN c.status IN ('done', 'failed') AND c.started_at IS NOT NULL AND c.finished_at IS NOT NULL
        THEN dashboard_bin(extract(epoch FROM c.finished_at - c.started_at)::float8)::text END)
    ) v(kind, key)
    CROSS JOIN (VALUES ('hour', ''), ('day', 'd_')) g(unit, prefix)
    WHERE v.key IS NOT NULL
    GROUP BY 2, 1, 3 HAVING sum(c.delta) <> 0
    ORDER BY 2, 1, 3
    ON CONFLICT (hour, kind, key) DO UPDATE SET n = dashboard_rollup.n + excluded.n$q$, changed)
$f$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "dashboard_rollup_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cols constant text := 'queued_at, status, model, release_version, started_at, finished_at';
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM dashboard_rollup WHERE regexp_replace(kind, '^d_', '')
      IN ('status', 'ended_model', 'failed_model', 'ended_release', 'failed_release', 'wait', 'duration');
  ELSIF TG_OP = 'INSERT' THEN
    EXECUTE dashboard_rollup_sql(format('SELECT %s, 1 FROM new_rows', cols));
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE dashboard_rollup_sql(format('SELECT %s, -1 FROM old_rows', cols));
  ELSE
    EXECUTE dashboard_rollup_sql(
      format('SELECT %s, 1 FROM new_rows UNION ALL SELECT %s, -1 FROM old_rows', cols, cols));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- What runs add (delta 1) or take (delta -1): `changed` rows are (agent_id, started_at, finished_at, delta).
CREATE FUNCTION "dashboard_runs_rollup_sql"(changed text) RETURNS text LANGUAGE sql IMMUTABLE AS $f$
  SELECT format($q$
    INSERT INTO dashboard_rollup (hour, kind, key, n)
    SELECT date_trunc(g.unit, h.hour, 'UTC'), g.prefix || 'agent_busy', c.agent_id::text, sum(c.delta)
    FROM (%s) c(agent_id, started_at, finished_at, delta)
    CROSS JOIN LATERAL generate_series(date_trunc('hour', c.started_at, 'UTC'),
      date_trunc('hour', c.finished_at, 'UTC'), interval '1 hour') h(hour)
    CROSS JOIN (VALUES ('hour', ''), ('day', 'd_')) g(unit, prefix)
    WHERE c.agent_id IS NOT NULL AND c.started_at IS NOT NULL AND c.finished_at IS NOT NULL
    GROUP BY 2, 1, 3 HAVING sum(c.delta) <> 0
    ORDER BY 2, 1, 3
    ON CONFLICT (hour, kind, key) DO UPDATE SET n = dashboard_rollup.n + excluded.n$q$, changed)
$f$;
--> statement-breakpoint
CREATE FUNCTION "dashboard_runs_rollup_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cols constant text := 'agent_id, started_at, finished_at';
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM dashboard_rollup WHERE kind IN ('agent_busy', 'd_agent_busy');
  ELSIF TG_OP = 'INSERT' THEN
    EXECUTE dashboard_runs_rollup_sql(format('SELECT %s, 1 FROM new_rows WHERE finished_at IS NOT NULL', cols));
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE dashboard_runs_rollup_sql(format('SELECT %s, -1 FROM old_rows WHERE finished_at IS NOT NULL', cols));
  ELSE
    -- Only the rows whose span changed (most updates of a run are its status or file).
    EXECUTE dashboard_runs_rollup_sql(format($q$
      SELECT %1$s, 1 FROM (SELECT %1$s FROM new_rows WHERE finished_at IS NOT NULL
        EXCEPT ALL SELECT %1$s FROM old_rows WHERE finished_at IS NOT NULL) n
      UNION ALL
      SELECT %1$s, -1 FROM (SELECT %1$s FROM old_rows WHERE finished_at IS NOT NULL
        EXCEPT ALL SELECT %1$s FROM new_rows WHERE finished_at IS NOT NULL) o$q$, cols));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "dashboard_runs_rollup_insert" AFTER INSERT ON "build_runs" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_runs_rollup_apply"();
--> statement-breakpoint
CREATE TRIGGER "dashboard_runs_rollup_update" AFTER UPDATE ON "build_runs" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_runs_rollup_apply"();
--> statement-breakpoint
CREATE TRIGGER "dashboard_runs_rollup_delete" AFTER DELETE ON "build_runs" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_runs_rollup_apply"();
--> statement-breakpoint
CREATE TRIGGER "dashboard_runs_rollup_truncate" AFTER TRUNCATE ON "build_runs"
  FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_runs_rollup_apply"();
--> statement-breakpoint
-- What license issues add or take: `changed` rows are (license_id, issued_at, delta).
CREATE FUNCTION "dashboard_licenses_rollup_sql"(changed text) RETURNS text LANGUAGE sql IMMUTABLE AS $f$
  SELECT format($q$
    INSERT INTO dashboard_rollup (hour, kind, key, n)
    SELECT date_trunc(g.unit, c.issued_at, 'UTC'), g.prefix || 'license', c.license_id::text, sum(c.delta)
    FROM (%s) c(license_id, issued_at, delta)
    CROSS JOIN (VALUES ('hour', ''), ('day', 'd_')) g(unit, prefix)
    GROUP BY 2, 1, 3 HAVING sum(c.delta) <> 0
    ORDER BY 2, 1, 3
    ON CONFLICT (hour, kind, key) DO UPDATE SET n = dashboard_rollup.n + excluded.n$q$, changed)
$f$;
--> statement-breakpoint
CREATE FUNCTION "dashboard_licenses_rollup_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM dashboard_rollup WHERE kind IN ('license', 'd_license');
  ELSIF TG_OP = 'INSERT' THEN
    EXECUTE dashboard_licenses_rollup_sql('SELECT license_id, issued_at, 1 FROM new_rows');
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE dashboard_licenses_rollup_sql('SELECT license_id, issued_at, -1 FROM old_rows');
  ELSE
    EXECUTE dashboard_licenses_rollup_sql(
      'SELECT license_id, issued_at, 1 FROM new_rows UNION ALL SELECT license_id, issued_at, -1 FROM old_rows');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "dashboard_licenses_rollup_insert" AFTER INSERT ON "license_issues" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_licenses_rollup_apply"();
--> statement-breakpoint
CREATE TRIGGER "dashboard_licenses_rollup_update" AFTER UPDATE ON "license_issues" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_licenses_rollup_apply"();
--> statement-breakpoint
CREATE TRIGGER "dashboard_licenses_rollup_delete" AFTER DELETE ON "license_issues" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_licenses_rollup_apply"();
--> statement-breakpoint
CREATE TRIGGER "dashboard_licenses_rollup_truncate" AFTER TRUNCATE ON "license_issues"
  FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_licenses_rollup_apply"();
--> statement-breakpoint
-- The hours each agent called in ('agent_online', key: the agent's id), from agent_presence: the chart's agents
-- online per day read ~1,800 day rows for 20 agents over 90 days, not 43,200 hours (0.36 s on PGlite).
CREATE FUNCTION "dashboard_presence_rollup_sql"(changed text) RETURNS text LANGUAGE sql IMMUTABLE AS $f$
  SELECT format($q$
    INSERT INTO dashboard_rollup (hour, kind, key, n)
    SELECT date_trunc(g.unit, c.hour, 'UTC'), g.prefix || 'agent_online', c.agent_id::text, sum(c.delta)
    FROM (%s) c(hour, agent_id, delta)
    CROSS JOIN (VALUES ('hour', ''), ('day', 'd_')) g(unit, prefix)
    GROUP BY 2, 1, 3 HAVING sum(c.delta) <> 0
    ORDER BY 2, 1, 3
    ON CONFLICT (hour, kind, key) DO UPDATE SET n = dashboard_rollup.n + excluded.n$q$, changed)
$f$;
--> statement-breakpoint
CREATE FUNCTION "dashboard_presence_rollup_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM dashboard_rollup WHERE kind IN ('agent_online', 'd_agent_online');
  ELSIF TG_OP = 'INSERT' THEN
    EXECUTE dashboard_presence_rollup_sql('SELECT hour, agent_id, 1 FROM new_rows');
  ELSIF TG_OP = 'DELETE' THEN
    EXECUTE dashboard_presence_rollup_sql('SELECT hour, agent_id, -1 FROM old_rows');
  ELSE
    EXECUTE dashboard_presence_rollup_sql(
      'SELECT hour, agent_id, 1 FROM new_rows UNION ALL SELECT hour, agent_id, -1 FROM old_rows');
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "dashboard_presence_rollup_insert" AFTER INSERT ON "agent_presence" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_presence_rollup_apply"();
--> statement-breakpoint
CREATE TRIGGER "dashboard_presence_rollup_update" AFTER UPDATE ON "agent_presence" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_presence_rollup_apply"();
--> statement-breakpoint
CREATE TRIGGER "dashboard_presence_rollup_delete" AFTER DELETE ON "agent_presence" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_presence_rollup_apply"();
--> statement-breakpoint
CREATE TRIGGER "dashboard_presence_rollup_truncate" AFTER TRUNCATE ON "agent_presence"
  FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_presence_rollup_apply"();
--> statement-breakpoint
-- Every kind counted anew (`npm run admin -- --rebuild-dashboard` runs this too).
CREATE OR REPLACE FUNCTION "dashboard_rollup_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE builds, build_runs, license_issues, agent_presence IN SHARE MODE;
  DELETE FROM dashboard_rollup;
  EXECUTE dashboard_rollup_sql(
    'SELECT queued_at, status, model, release_version, started_at, finished_at, 1 FROM builds');
  EXECUTE dashboard_runs_rollup_sql(
    'SELECT agent_id, started_at, finished_at, 1 FROM build_runs WHERE finished_at IS NOT NULL');
  EXECUTE dashboard_licenses_rollup_sql('SELECT license_id, issued_at, 1 FROM license_issues');
  EXECUTE dashboard_presence_rollup_sql('SELECT hour, agent_id, 1 FROM agent_presence');
END
$$;
--> statement-breakpoint
SELECT dashboard_rollup_rebuild();

CREATE TABLE "dashboard_rollup" (
	"hour" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "dashboard_rollup_kind_hour_key_pk" PRIMARY KEY("kind","hour","key")
);
--> statement-breakpoint
-- Issue 42: the staff dashboards read this rollup, not a million builds. Queue wait and build duration are kept
-- as histograms: bin 0 holds [0, 1) s, bin b ≥ 1 holds [2^((b-1)/4), 2^(b/4)) s (a quarter of a doubling, the
-- last bin, 96, everything from 2^23.75 s ≈ 160 days); a percentile read back as its bin's geometric middle is
-- within 9.1 % of the bin's every value (server/dashboard/dashboard-repository.ts).
CREATE FUNCTION "dashboard_bin"(seconds double precision) RETURNS integer LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN seconds < 1 THEN 0 ELSE least(1 + floor(4 * ln(seconds) / ln(2))::integer, 96) END
$$;
--> statement-breakpoint
-- What each build adds to the rollup (delta 1) or takes from it (delta -1), the rows of `changed` being builds'
-- (queued_at, status, model, release_version, started_at, finished_at, delta); rows in key order, so two
-- transactions lock the rollup's rows in the same order.
CREATE FUNCTION "dashboard_rollup_sql"(changed text) RETURNS text LANGUAGE sql IMMUTABLE AS $f$
  SELECT format($q$
    INSERT INTO dashboard_rollup (hour, kind, key, n)
    SELECT date_trunc('hour', c.queued_at, 'UTC'), v.kind, v.key, sum(c.delta)
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
    WHERE v.key IS NOT NULL
    GROUP BY 2, 1, 3 HAVING sum(c.delta) <> 0
    ORDER BY 2, 1, 3
    ON CONFLICT (hour, kind, key) DO UPDATE SET n = dashboard_rollup.n + excluded.n$q$, changed)
$f$;
--> statement-breakpoint
-- One function for every change of a build, wherever the queue (or a removal of a set or a partner) makes it:
-- statement triggers with the statement's old and new rows, in the statement's transaction.
CREATE FUNCTION "dashboard_rollup_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cols constant text := 'queued_at, status, model, release_version, started_at, finished_at';
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM dashboard_rollup;
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
CREATE TRIGGER "dashboard_rollup_insert" AFTER INSERT ON "builds" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_rollup_apply"();
--> statement-breakpoint
CREATE TRIGGER "dashboard_rollup_update" AFTER UPDATE ON "builds" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_rollup_apply"();
--> statement-breakpoint
CREATE TRIGGER "dashboard_rollup_delete" AFTER DELETE ON "builds" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_rollup_apply"();
--> statement-breakpoint
CREATE TRIGGER "dashboard_rollup_truncate" AFTER TRUNCATE ON "builds"
  FOR EACH STATEMENT EXECUTE FUNCTION "dashboard_rollup_apply"();
--> statement-breakpoint
-- The builds already there (`npm run admin -- --rebuild-dashboard` does the same on a running database).
CREATE FUNCTION "dashboard_rollup_rebuild"() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  LOCK TABLE builds IN SHARE MODE;
  DELETE FROM dashboard_rollup;
  EXECUTE dashboard_rollup_sql(
    'SELECT queued_at, status, model, release_version, started_at, finished_at, 1 FROM builds');
END
$$;
--> statement-breakpoint
SELECT dashboard_rollup_rebuild();

-- A build that becomes claimable (pending and not removed: a submit, an edit, a rebuild, an upgrade, a lease
-- that ran out, a build given back) wakes the agents' waiting claims on every API instance. The notice is
-- part of the statement that queued the build and is delivered when its transaction commits, whichever code
-- path or tool wrote it; server/builds/build-events-bus.ts LISTENs on build_jobs. Identical notices of one
-- transaction are folded into one by the database.
CREATE FUNCTION "jobs_claimable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('build_jobs', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "jobs_claimable" AFTER INSERT OR UPDATE OF "status", "is_removed" ON "builds"
  FOR EACH ROW WHEN (NEW."status" = 'pending' AND NOT NEW."is_removed") EXECUTE FUNCTION "jobs_claimable"();

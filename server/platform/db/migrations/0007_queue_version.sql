-- The pending queue's version: moved on by every statement that may change which builds are pending or their
-- order (a submit, a claim, a cancel, a removal, a requeue). Readers keep the queue positions they computed
-- for a version (server/db/queue-positions.ts) until it moves. A sequence, not a row: no lock is taken, and
-- writers never wait for each other on it.
CREATE SEQUENCE "queue_version";
--> statement-breakpoint
CREATE FUNCTION "queue_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('queue_version');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "queue_changed" AFTER INSERT OR DELETE OR UPDATE OF "status", "is_removed", "queued_at" ON "builds"
  FOR EACH STATEMENT EXECUTE FUNCTION "queue_changed"();

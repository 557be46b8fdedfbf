-- The task counters (pending, in progress, failed: GET …/tasks/status) are cached by every API instance
-- (server/tasks/task-counters-cache.ts): any statement that may change them, by whichever instance, agent or
-- tool, is announced on task_counts_changed. NOTIFY is delivered at commit, and once per transaction.
CREATE FUNCTION "task_counts_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('task_counts_changed', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "task_counts_changed" AFTER INSERT OR DELETE OR UPDATE OF "status", "is_removed", "task_hidden", "user_id"
  ON "builds" FOR EACH STATEMENT EXECUTE FUNCTION "task_counts_changed"();
--> statement-breakpoint
CREATE TRIGGER "task_counts_truncated" AFTER TRUNCATE ON "builds"
  FOR EACH STATEMENT EXECUTE FUNCTION "task_counts_changed"();

ALTER TABLE "accounts" ADD COLUMN "max_queued_builds" integer;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "max_builds_per_hour" integer;--> statement-breakpoint
CREATE INDEX "build_runs_queued_idx" ON "build_runs" USING btree ("queued_at");--> statement-breakpoint
CREATE INDEX "builds_queue_user_idx" ON "builds" USING btree ("user_id","queued_at","id") WHERE status = 'pending' and is_removed = false;--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_max_queued_builds_check" CHECK ("accounts"."max_queued_builds" > 0);--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_max_builds_per_hour_check" CHECK ("accounts"."max_builds_per_hour" > 0);
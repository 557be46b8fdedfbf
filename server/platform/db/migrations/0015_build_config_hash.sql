ALTER TABLE "builds" ADD COLUMN "config_hash" text;--> statement-breakpoint
CREATE INDEX "builds_config_hash_idx" ON "builds" USING btree ("config_hash") WHERE status = 'done' and is_removed = false;--> statement-breakpoint
CREATE INDEX "builds_sha256_idx" ON "builds" USING btree ("sha256");
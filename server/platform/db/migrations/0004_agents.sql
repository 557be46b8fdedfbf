CREATE TABLE "build_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"build_id" integer NOT NULL,
	"attempt" integer NOT NULL,
	"agent_seq" integer,
	"type" text NOT NULL,
	"data" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "build_events_type_check" CHECK ("build_events"."type" in ('log', 'progress'))
);
--> statement-breakpoint
CREATE TABLE "workers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"token_prefix" text NOT NULL,
	"is_blocked" boolean DEFAULT false NOT NULL,
	"releases" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"sources" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"last_contact" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "workers_name_unique" UNIQUE("name"),
	CONSTRAINT "workers_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "builds" DROP CONSTRAINT "builds_status_check";--> statement-breakpoint
ALTER TABLE "builds" ADD COLUMN "queued_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "builds" ADD COLUMN "worker_id" integer;--> statement-breakpoint
ALTER TABLE "builds" ADD COLUMN "lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "builds" ADD COLUMN "started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "builds" ADD COLUMN "finished_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "builds" ADD COLUMN "cancel_requested" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "builds" ADD COLUMN "task_hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "build_events" ADD CONSTRAINT "build_events_build_id_builds_id_fk" FOREIGN KEY ("build_id") REFERENCES "public"."builds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "build_events_agent_seq_unique" ON "build_events" USING btree ("build_id","attempt","agent_seq");--> statement-breakpoint
CREATE INDEX "build_events_build_idx" ON "build_events" USING btree ("build_id","id");--> statement-breakpoint
ALTER TABLE "builds" ADD CONSTRAINT "builds_worker_id_workers_id_fk" FOREIGN KEY ("worker_id") REFERENCES "public"."workers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "builds_queue_idx" ON "builds" USING btree ("queued_at","id") WHERE status = 'pending' and is_removed = false;--> statement-breakpoint
CREATE INDEX "builds_lease_idx" ON "builds" USING btree ("lease_until") WHERE status = 'in_progress';--> statement-breakpoint
CREATE INDEX "builds_tasks_user_idx" ON "builds" USING btree ("user_id","queued_at","id") WHERE task_hidden = false and is_removed = false;--> statement-breakpoint
CREATE INDEX "builds_tasks_idx" ON "builds" USING btree ("queued_at","id") WHERE task_hidden = false and is_removed = false;--> statement-breakpoint
CREATE INDEX "builds_tasks_status_idx" ON "builds" USING btree ("status","user_id") WHERE task_hidden = false and is_removed = false;--> statement-breakpoint
ALTER TABLE "builds" ADD CONSTRAINT "builds_status_check" CHECK ("builds"."status" in ('pending', 'in_progress', 'done', 'failed', 'cancelled'));
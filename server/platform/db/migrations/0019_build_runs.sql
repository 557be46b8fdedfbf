CREATE TABLE "build_runs" (
	"build_id" integer NOT NULL,
	"run" integer NOT NULL,
	"release_id" integer,
	"release_version" text NOT NULL,
	"commits" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"agent_id" integer,
	"agent_name" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"sha256" text,
	"file_size" bigint,
	CONSTRAINT "build_runs_build_id_run_pk" PRIMARY KEY("build_id","run"),
	CONSTRAINT "build_runs_status_check" CHECK ("build_runs"."status" in ('pending', 'in_progress', 'done', 'failed', 'cancelled'))
);
--> statement-breakpoint
DROP INDEX "build_events_agent_seq_unique";--> statement-breakpoint
DROP INDEX "build_events_build_idx";--> statement-breakpoint
ALTER TABLE "build_events" ADD COLUMN "run" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "builds" ADD COLUMN "run" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "build_runs" ADD CONSTRAINT "build_runs_build_id_builds_id_fk" FOREIGN KEY ("build_id") REFERENCES "public"."builds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "build_runs" ADD CONSTRAINT "build_runs_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "build_runs" ADD CONSTRAINT "build_runs_agent_id_workers_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."workers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "build_events_agent_seq_unique" ON "build_events" USING btree ("build_id","run","attempt","agent_seq");--> statement-breakpoint
CREATE INDEX "build_events_build_idx" ON "build_events" USING btree ("build_id","run","id");--> statement-breakpoint
-- Existing builds become run 1, their current state its record; the agent's name is copied while it is known.
INSERT INTO "build_runs" ("build_id", "run", "release_id", "release_version", "commits", "agent_id", "agent_name",
  "status", "attempts", "queued_at", "started_at", "finished_at", "sha256", "file_size")
SELECT b."id", 1, b."release_id", b."release_version",
  COALESCE((SELECT jsonb_agg(jsonb_build_object('repository', t->>'repository_name', 'tag', t->>'tag_name', 'commit', NULL))
            FROM jsonb_array_elements(CASE WHEN jsonb_typeof(b."job_spec"->'release'->'tags') = 'array' THEN b."job_spec"->'release'->'tags' ELSE '[]'::jsonb END) AS t),
           '[]'::jsonb),
  b."worker_id", w."name", b."status", b."attempts", b."queued_at", b."started_at", b."finished_at", b."sha256", b."file_size"
FROM "builds" AS b LEFT JOIN "workers" AS w ON w."id" = b."worker_id";

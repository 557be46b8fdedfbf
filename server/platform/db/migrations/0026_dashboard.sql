CREATE TABLE "agent_presence" (
	"hour" timestamp with time zone NOT NULL,
	"agent_id" integer NOT NULL,
	CONSTRAINT "agent_presence_hour_agent_id_pk" PRIMARY KEY("hour","agent_id")
);
--> statement-breakpoint
ALTER TABLE "agent_presence" ADD CONSTRAINT "agent_presence_agent_id_workers_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."workers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "build_runs_agents_idx" ON "build_runs" USING btree ("queued_at","agent_id","started_at","finished_at");--> statement-breakpoint
CREATE INDEX "builds_dashboard_idx" ON "builds" USING btree ("queued_at","status","started_at","finished_at","model","release_version");--> statement-breakpoint
CREATE INDEX "builds_dashboard_user_idx" ON "builds" USING btree ("user_id","queued_at","status","started_at","finished_at");--> statement-breakpoint
CREATE INDEX "license_issues_issued_idx" ON "license_issues" USING btree ("issued_at","license_id","build_id");
CREATE TABLE "license_issues" (
	"build_id" integer NOT NULL,
	"license_id" integer NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "license_issues_build_id_license_id_pk" PRIMARY KEY("build_id","license_id")
);
--> statement-breakpoint
ALTER TABLE "builds" ADD COLUMN "removed_with_set" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "license_issues" ADD CONSTRAINT "license_issues_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "license_issues_license_idx" ON "license_issues" USING btree ("license_id");--> statement-breakpoint
-- Issue 17: the licenses already issued are those of the builds done so far (removed ones included).
INSERT INTO "license_issues" ("build_id", "license_id", "issued_at")
SELECT "id", "license_id", coalesce("finished_at", "updated_at") FROM "builds"
WHERE "status" = 'done' AND "add_license" = true AND "license_id" IS NOT NULL
ON CONFLICT DO NOTHING;

ALTER TABLE "build_attestations" DROP CONSTRAINT "build_attestations_pkey";--> statement-breakpoint
ALTER TABLE "build_attestations" ADD COLUMN "run" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
-- Issue 37: an existing attestation is its build's current run's (a rebuild replaced the earlier ones).
UPDATE "build_attestations" AS a SET "run" = b."run" FROM "builds" AS b WHERE b."id" = a."build_id";--> statement-breakpoint
ALTER TABLE "build_attestations" ADD CONSTRAINT "build_attestations_build_id_run_pk" PRIMARY KEY("build_id","run");--> statement-breakpoint
CREATE INDEX "build_attestations_sha256_idx" ON "build_attestations" USING btree ("sha256");--> statement-breakpoint
CREATE INDEX "build_runs_sha256_idx" ON "build_runs" USING btree ("sha256");

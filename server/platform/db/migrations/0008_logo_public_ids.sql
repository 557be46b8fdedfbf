-- Issue 12: logo images are public by an unguessable id, never by the sequential one. gen_random_uuid() is
-- volatile, so every existing row gets its own value.
ALTER TABLE "logos" ADD COLUMN "public_id" uuid DEFAULT gen_random_uuid() NOT NULL;--> statement-breakpoint
ALTER TABLE "logos" ADD CONSTRAINT "logos_public_id_unique" UNIQUE("public_id");
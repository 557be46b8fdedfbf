ALTER TABLE "firmware_groups" ADD COLUMN "link_enabled" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "logos" ADD COLUMN "for_build" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pool_presets" ADD COLUMN "coin" text DEFAULT 'BTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "series" ADD COLUMN "coin" text DEFAULT 'BTC' NOT NULL;--> statement-breakpoint
UPDATE "series" SET "coin" = 'LTC' WHERE "name" IN ('l7', 'l9');--> statement-breakpoint
UPDATE "pool_presets" SET "coin" = 'LTC' WHERE "url" ILIKE '%ltc%';

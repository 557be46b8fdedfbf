CREATE TABLE "build_options" (
	"name" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"default_value" jsonb NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "build_options_type_check" CHECK ("build_options"."type" in ('bool', 'str', 'list'))
);
--> statement-breakpoint
CREATE TABLE "builds" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"model" text NOT NULL,
	"series" text NOT NULL,
	"platform" text NOT NULL,
	"install_type" text NOT NULL,
	"release_id" integer NOT NULL,
	"release_version" text NOT NULL,
	"stage" text NOT NULL,
	"license_id" integer,
	"add_license" boolean DEFAULT true NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"is_removed" boolean DEFAULT false NOT NULL,
	"is_updating" boolean DEFAULT false NOT NULL,
	"warranty" boolean DEFAULT false NOT NULL,
	"ssh_keys" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"logo_id" integer DEFAULT 1 NOT NULL,
	"uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"fee_pools_configs" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"job_spec" jsonb NOT NULL,
	"file_size" bigint,
	"sha256" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "builds_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "builds_status_check" CHECK ("builds"."status" in ('pending', 'in_progress', 'done', 'failed')),
	CONSTRAINT "builds_progress_check" CHECK ("builds"."progress" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "firmware_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"logo_id" integer DEFAULT 1 NOT NULL,
	"is_favorite" boolean DEFAULT false NOT NULL,
	"is_removed" boolean DEFAULT false NOT NULL,
	"ssh_keys" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"link_uuid" uuid DEFAULT gen_random_uuid() NOT NULL,
	"count_firmwares" integer DEFAULT 0 NOT NULL,
	"count_pending" integer DEFAULT 0 NOT NULL,
	"count_in_progress" integer DEFAULT 0 NOT NULL,
	"count_failed" integer DEFAULT 0 NOT NULL,
	"count_removed_firmwares" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "firmware_groups_link_uuid_unique" UNIQUE("link_uuid")
);
--> statement-breakpoint
CREATE TABLE "pool_presets" (
	"id" serial PRIMARY KEY NOT NULL,
	"pool" text NOT NULL,
	"url" text NOT NULL,
	CONSTRAINT "pool_presets_url_unique" UNIQUE("url")
);
--> statement-breakpoint
ALTER TABLE "builds" ADD CONSTRAINT "builds_group_id_firmware_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."firmware_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "builds" ADD CONSTRAINT "builds_user_id_accounts_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "builds" ADD CONSTRAINT "builds_model_models_name_fk" FOREIGN KEY ("model") REFERENCES "public"."models"("name") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "builds" ADD CONSTRAINT "builds_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "builds" ADD CONSTRAINT "builds_license_id_licenses_id_fk" FOREIGN KEY ("license_id") REFERENCES "public"."licenses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "builds" ADD CONSTRAINT "builds_logo_id_logos_id_fk" FOREIGN KEY ("logo_id") REFERENCES "public"."logos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_groups" ADD CONSTRAINT "firmware_groups_user_id_accounts_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "firmware_groups" ADD CONSTRAINT "firmware_groups_logo_id_logos_id_fk" FOREIGN KEY ("logo_id") REFERENCES "public"."logos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "builds_group_idx" ON "builds" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "builds_user_status_idx" ON "builds" USING btree ("user_id","status");--> statement-breakpoint
CREATE INDEX "firmware_groups_user_removed_id_idx" ON "firmware_groups" USING btree ("user_id","is_removed","id");--> statement-breakpoint
CREATE UNIQUE INDEX "firmware_groups_user_name_unique" ON "firmware_groups" USING btree ("user_id",lower("name")) WHERE is_removed = false;
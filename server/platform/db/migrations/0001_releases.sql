CREATE TABLE "languages" (
	"name" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "release_descriptions" (
	"release_id" integer NOT NULL,
	"language" text NOT NULL,
	"description" text NOT NULL,
	CONSTRAINT "release_descriptions_release_id_language_pk" PRIMARY KEY("release_id","language")
);
--> statement-breakpoint
CREATE TABLE "release_tags" (
	"release_id" integer NOT NULL,
	"repository_name" text NOT NULL,
	"tag_name" text NOT NULL,
	CONSTRAINT "release_tags_release_id_repository_name_pk" PRIMARY KEY("release_id","repository_name")
);
--> statement-breakpoint
CREATE TABLE "releases" (
	"id" serial PRIMARY KEY NOT NULL,
	"series" text NOT NULL,
	"version" text NOT NULL,
	"stage" text NOT NULL,
	"stage_number" integer DEFAULT 0 NOT NULL,
	"parent" integer,
	"is_draft" boolean DEFAULT true NOT NULL,
	"is_public" boolean DEFAULT false NOT NULL,
	"is_removed" boolean DEFAULT false NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deploy_requested_at" timestamp with time zone,
	CONSTRAINT "releases_stage_check" CHECK ("releases"."stage" in ('dev', 'alpha', 'beta', 'rc', 'prerelease', 'stable')),
	CONSTRAINT "releases_stage_number_check" CHECK ("releases"."stage_number" >= 0)
);
--> statement-breakpoint
CREATE TABLE "repositories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "repositories_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "series_repositories" (
	"series" text NOT NULL,
	"repository_id" integer NOT NULL,
	CONSTRAINT "series_repositories_series_repository_id_pk" PRIMARY KEY("series","repository_id")
);
--> statement-breakpoint
ALTER TABLE "release_descriptions" ADD CONSTRAINT "release_descriptions_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_descriptions" ADD CONSTRAINT "release_descriptions_language_languages_name_fk" FOREIGN KEY ("language") REFERENCES "public"."languages"("name") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "release_tags" ADD CONSTRAINT "release_tags_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "releases" ADD CONSTRAINT "releases_series_series_name_fk" FOREIGN KEY ("series") REFERENCES "public"."series"("name") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "releases" ADD CONSTRAINT "releases_parent_releases_id_fk" FOREIGN KEY ("parent") REFERENCES "public"."releases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "releases" ADD CONSTRAINT "releases_user_id_accounts_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "series_repositories" ADD CONSTRAINT "series_repositories_series_series_name_fk" FOREIGN KEY ("series") REFERENCES "public"."series"("name") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "series_repositories" ADD CONSTRAINT "series_repositories_repository_id_repositories_id_fk" FOREIGN KEY ("repository_id") REFERENCES "public"."repositories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "releases_series_stage_version_unique" ON "releases" USING btree ("series","stage","version") WHERE is_removed = false;--> statement-breakpoint
CREATE INDEX "releases_parent_idx" ON "releases" USING btree ("parent");
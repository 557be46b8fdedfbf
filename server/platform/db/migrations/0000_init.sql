CREATE TABLE "accounts" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"worker" text DEFAULT '' NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"send_email" boolean DEFAULT false NOT NULL,
	"is_blocked" boolean DEFAULT false NOT NULL,
	"is_admin" boolean DEFAULT false NOT NULL,
	"is_developer" boolean DEFAULT false NOT NULL,
	"is_tester" boolean DEFAULT false NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"last_active" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "accounts_email_unique" UNIQUE("email"),
	CONSTRAINT "accounts_language_check" CHECK ("accounts"."language" in ('en', 'ru'))
);
--> statement-breakpoint
CREATE TABLE "install_types" (
	"name" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "model_platform_install_types" (
	"model" text NOT NULL,
	"platform" text NOT NULL,
	"install_type" text NOT NULL,
	CONSTRAINT "model_platform_install_types_model_platform_install_type_pk" PRIMARY KEY("model","platform","install_type")
);
--> statement-breakpoint
CREATE TABLE "models" (
	"name" text PRIMARY KEY NOT NULL,
	"series" text NOT NULL,
	"is_blocked" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_fees" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"series" text NOT NULL,
	"min_dev_fee" numeric(5, 2) NOT NULL,
	"min_total_fee" numeric(5, 2) NOT NULL,
	CONSTRAINT "partner_fees_user_series_unique" UNIQUE("user_id","series"),
	CONSTRAINT "partner_fees_min_dev_fee_range" CHECK ("partner_fees"."min_dev_fee" between 0 and 100),
	CONSTRAINT "partner_fees_min_total_fee_range" CHECK ("partner_fees"."min_total_fee" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "platforms" (
	"name" text PRIMARY KEY NOT NULL,
	"description" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "series" (
	"name" text PRIMARY KEY NOT NULL,
	"is_blocked" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "model_platform_install_types" ADD CONSTRAINT "model_platform_install_types_model_models_name_fk" FOREIGN KEY ("model") REFERENCES "public"."models"("name") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "model_platform_install_types" ADD CONSTRAINT "model_platform_install_types_platform_platforms_name_fk" FOREIGN KEY ("platform") REFERENCES "public"."platforms"("name") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "model_platform_install_types" ADD CONSTRAINT "model_platform_install_types_install_type_install_types_name_fk" FOREIGN KEY ("install_type") REFERENCES "public"."install_types"("name") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "models" ADD CONSTRAINT "models_series_series_name_fk" FOREIGN KEY ("series") REFERENCES "public"."series"("name") ON DELETE no action ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "partner_fees" ADD CONSTRAINT "partner_fees_user_id_accounts_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_fees" ADD CONSTRAINT "partner_fees_series_series_name_fk" FOREIGN KEY ("series") REFERENCES "public"."series"("name") ON DELETE no action ON UPDATE cascade;
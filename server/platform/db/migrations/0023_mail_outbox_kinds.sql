ALTER TABLE "mail_outbox" DROP CONSTRAINT "mail_outbox_kind_check";--> statement-breakpoint
ALTER TABLE "mail_outbox" ALTER COLUMN "account_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "notify_build_done" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "notify_build_failed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "to_email" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "build_id" integer;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "run" integer;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_build_id_builds_id_fk" FOREIGN KEY ("build_id") REFERENCES "public"."builds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_build_run_unique" ON "mail_outbox" USING btree ("build_id","run","account_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_to_email_idx" ON "mail_outbox" USING btree ("to_email","id") WHERE to_email is not null;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_account_check" CHECK ("mail_outbox"."account_id" is not null or "mail_outbox"."kind" = 'reset_password');--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_to_email_check" CHECK ("mail_outbox"."to_email" is not null or "mail_outbox"."kind" not in ('reset_password', 'change_email', 'email_changed'));--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_kind_check" CHECK ("mail_outbox"."kind" in ('release', 'reset_password', 'change_email', 'address_taken', 'email_changed', 'build_done', 'build_failed'));
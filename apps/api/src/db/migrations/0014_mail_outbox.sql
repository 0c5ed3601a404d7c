CREATE TABLE "mail_address_marks" (
	"email" text PRIMARY KEY NOT NULL,
	"permanent_failures" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"marked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_user" integer,
	"recipient" text NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"link" text,
	"unsubscribe_token" text,
	"status" text DEFAULT 'queued' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"digest_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "mail_outbox_status_ck" CHECK ("mail_outbox"."status" in ('queued', 'sending', 'sent', 'failed', 'held', 'digested'))
);
--> statement-breakpoint
CREATE TABLE "mail_preferences" (
	"id_user" integer NOT NULL,
	"kind" text NOT NULL,
	"delivery" text NOT NULL,
	CONSTRAINT "mail_preferences_id_user_kind_pk" PRIMARY KEY("id_user","kind"),
	CONSTRAINT "mail_preferences_delivery_ck" CHECK ("mail_preferences"."delivery" in ('immediately', 'digest', 'never'))
);
--> statement-breakpoint
CREATE TABLE "membership_reminders" (
	"id_user" integer NOT NULL,
	"user_expiration" date NOT NULL,
	"stage" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_reminders_id_user_user_expiration_stage_pk" PRIMARY KEY("id_user","user_expiration","stage")
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_id_user_users_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "public"."users"("id_user") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_preferences" ADD CONSTRAINT "mail_preferences_id_user_users_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "public"."users"("id_user") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_reminders" ADD CONSTRAINT "membership_reminders_id_user_users_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "public"."users"("id_user") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "mail_outbox"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "mail_outbox_lease_idx" ON "mail_outbox" USING btree ("locked_until") WHERE "mail_outbox"."status" = 'sending';--> statement-breakpoint
CREATE INDEX "mail_outbox_held_idx" ON "mail_outbox" USING btree ("id_user","created_at") WHERE "mail_outbox"."status" = 'held';--> statement-breakpoint
CREATE INDEX "mail_outbox_created_idx" ON "mail_outbox" USING btree ("created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "mail_outbox_unsubscribe_uq" ON "mail_outbox" USING btree ("unsubscribe_token");
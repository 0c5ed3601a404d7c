CREATE TABLE "password_setup_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_user" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "position_holders" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_position" integer NOT NULL,
	"id_user" integer,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"started_by" integer,
	"ended_by" integer
);
--> statement-breakpoint
CREATE TABLE "transfers" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_user" integer NOT NULL,
	"from_location" integer,
	"to_location" integer NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"note" text,
	"requested_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decided_by" integer,
	CONSTRAINT "transfers_status_ck" CHECK ("transfers"."status" in ('Pending', 'Accepted', 'Declined', 'Cancelled'))
);
--> statement-breakpoint
ALTER TABLE "password_setup_tokens" ADD CONSTRAINT "password_setup_tokens_id_user_users_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "public"."users"("id_user") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_setup_tokens" ADD CONSTRAINT "password_setup_tokens_created_by_users_id_user_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id_user") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position_holders" ADD CONSTRAINT "position_holders_id_position_positions_id_position_fk" FOREIGN KEY ("id_position") REFERENCES "public"."positions"("id_position") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position_holders" ADD CONSTRAINT "position_holders_id_user_users_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "public"."users"("id_user") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position_holders" ADD CONSTRAINT "position_holders_started_by_users_id_user_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id_user") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position_holders" ADD CONSTRAINT "position_holders_ended_by_users_id_user_fk" FOREIGN KEY ("ended_by") REFERENCES "public"."users"("id_user") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_id_user_users_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "public"."users"("id_user") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_from_location_locations_id_location_fk" FOREIGN KEY ("from_location") REFERENCES "public"."locations"("id_location") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_to_location_locations_id_location_fk" FOREIGN KEY ("to_location") REFERENCES "public"."locations"("id_location") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transfers" ADD CONSTRAINT "transfers_decided_by_users_id_user_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id_user") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "password_setup_tokens_hash_uq" ON "password_setup_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "password_setup_tokens_user_idx" ON "password_setup_tokens" USING btree ("id_user");--> statement-breakpoint
CREATE INDEX "position_holders_position_idx" ON "position_holders" USING btree ("id_position","started_at");--> statement-breakpoint
CREATE INDEX "position_holders_user_idx" ON "position_holders" USING btree ("id_user");--> statement-breakpoint
CREATE UNIQUE INDEX "position_holders_open_uq" ON "position_holders" USING btree ("id_position") WHERE "position_holders"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "transfers_user_idx" ON "transfers" USING btree ("id_user");--> statement-breakpoint
CREATE INDEX "transfers_to_idx" ON "transfers" USING btree ("to_location","requested_at");--> statement-breakpoint
CREATE INDEX "transfers_from_idx" ON "transfers" USING btree ("from_location","requested_at");--> statement-breakpoint
CREATE INDEX "transfers_requested_idx" ON "transfers" USING btree ("requested_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "transfers_one_pending_uq" ON "transfers" USING btree ("id_user") WHERE "transfers"."status" = 'Pending';--> statement-breakpoint
CREATE INDEX "prestige_datetime_idx" ON "prestige" USING btree ("prestige_datetime","id_prestige");--> statement-breakpoint
-- Posts held before this migration: their holding starts when the post was created.
INSERT INTO "position_holders" ("id_position", "id_user", "started_at")
SELECT p."id_position", p."id_user", p."created_at" FROM "positions" AS p
WHERE p."id_user" IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM "position_holders" AS h WHERE h."id_position" = p."id_position" AND h."ended_at" IS NULL);

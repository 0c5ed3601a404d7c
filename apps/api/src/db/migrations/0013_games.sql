CREATE TABLE "calendar_feeds" (
	"id_user" integer PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feeds_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "game_checkins" (
	"id_checkin" serial PRIMARY KEY NOT NULL,
	"id_game" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"id_user" integer NOT NULL,
	"id_character" integer,
	"role" text NOT NULL,
	"checked_in_by" integer,
	"checked_in_at" timestamp with time zone DEFAULT now() NOT NULL,
	"voided_by" integer,
	"voided_at" timestamp with time zone,
	CONSTRAINT "game_checkins_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "game_checkins_role_ck" CHECK ("game_checkins"."role" in ('player', 'helper'))
);
--> statement-breakpoint
CREATE TABLE "game_series" (
	"id_series" serial PRIMARY KEY NOT NULL,
	"recurrence" text NOT NULL,
	"first_date" date NOT NULL,
	"local_start" text NOT NULL,
	"local_end" text NOT NULL,
	"time_zone" text NOT NULL,
	"occurrences" integer NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_series_recurrence_ck" CHECK ("game_series"."recurrence" in ('weekly', 'every_other_week', 'monthly_nth_weekday'))
);
--> statement-breakpoint
CREATE TABLE "game_signups" (
	"id_signup" serial PRIMARY KEY NOT NULL,
	"id_game" integer NOT NULL,
	"id_user" integer NOT NULL,
	"id_character" integer,
	"role" text NOT NULL,
	"status" text NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "game_signups_role_ck" CHECK ("game_signups"."role" in ('player', 'helper')),
	CONSTRAINT "game_signups_status_ck" CHECK ("game_signups"."status" in ('going', 'waiting', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id_game" serial PRIMARY KEY NOT NULL,
	"id_venue" integer,
	"id_location" integer NOT NULL,
	"id_series" integer,
	"game_name" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"time_zone" text NOT NULL,
	"place" text NOT NULL,
	"capacity" integer,
	"description" text,
	"xp_award" integer NOT NULL,
	"prestige_points" integer DEFAULT 0 NOT NULL,
	"prestige_category" text DEFAULT 'Event Services' NOT NULL,
	"prestige_reason" text DEFAULT 'Game staff' NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"roster_version" integer DEFAULT 0 NOT NULL,
	"closed_at" timestamp with time zone,
	"closed_by" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "games_status_ck" CHECK ("games"."status" in ('scheduled', 'cancelled', 'closed')),
	CONSTRAINT "games_category_ck" CHECK ("games"."prestige_category" in ('Administration', 'City Development', 'Communication', 'Community Service', 'Publications and PR', 'Event Services', 'Storytelling Support', 'Organizational Service', 'Miscellaneous', 'Exceptional Service', 'Early Renewal', 'Recruiting')),
	CONSTRAINT "games_capacity_ck" CHECK ("games"."capacity" is null or "games"."capacity" > 0),
	CONSTRAINT "games_times_ck" CHECK ("games"."ends_at" > "games"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "xp_logs" ADD COLUMN "id_game" integer;--> statement-breakpoint
ALTER TABLE "prestige" ADD COLUMN "id_game" integer;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_id_user_users_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "public"."users"("id_user") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_checkins" ADD CONSTRAINT "game_checkins_id_game_games_id_game_fk" FOREIGN KEY ("id_game") REFERENCES "public"."games"("id_game") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_checkins" ADD CONSTRAINT "game_checkins_id_user_users_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "public"."users"("id_user") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_checkins" ADD CONSTRAINT "game_checkins_id_character_characters_id_character_fk" FOREIGN KEY ("id_character") REFERENCES "public"."characters"("id_character") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_checkins" ADD CONSTRAINT "game_checkins_checked_in_by_users_id_user_fk" FOREIGN KEY ("checked_in_by") REFERENCES "public"."users"("id_user") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_checkins" ADD CONSTRAINT "game_checkins_voided_by_users_id_user_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id_user") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_series" ADD CONSTRAINT "game_series_created_by_users_id_user_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id_user") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_signups" ADD CONSTRAINT "game_signups_id_game_games_id_game_fk" FOREIGN KEY ("id_game") REFERENCES "public"."games"("id_game") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_signups" ADD CONSTRAINT "game_signups_id_user_users_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "public"."users"("id_user") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "game_signups" ADD CONSTRAINT "game_signups_id_character_characters_id_character_fk" FOREIGN KEY ("id_character") REFERENCES "public"."characters"("id_character") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_id_venue_venues_id_venue_fk" FOREIGN KEY ("id_venue") REFERENCES "public"."venues"("id_venue") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_id_location_locations_id_location_fk" FOREIGN KEY ("id_location") REFERENCES "public"."locations"("id_location") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_id_series_game_series_id_series_fk" FOREIGN KEY ("id_series") REFERENCES "public"."game_series"("id_series") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_closed_by_users_id_user_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."users"("id_user") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_created_by_users_id_user_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id_user") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "game_checkins_live_uq" ON "game_checkins" USING btree ("id_game","id_user") WHERE "game_checkins"."voided_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "game_signups_game_user_uq" ON "game_signups" USING btree ("id_game","id_user");--> statement-breakpoint
CREATE INDEX "game_signups_user_idx" ON "game_signups" USING btree ("id_user","status");--> statement-breakpoint
CREATE INDEX "game_signups_game_status_idx" ON "game_signups" USING btree ("id_game","status","position");--> statement-breakpoint
CREATE INDEX "games_venue_starts_idx" ON "games" USING btree ("id_venue","starts_at");--> statement-breakpoint
CREATE INDEX "games_location_starts_idx" ON "games" USING btree ("id_location","starts_at");--> statement-breakpoint
CREATE INDEX "games_series_idx" ON "games" USING btree ("id_series","starts_at");--> statement-breakpoint
CREATE INDEX "games_starts_idx" ON "games" USING btree ("starts_at","id_game");--> statement-breakpoint
ALTER TABLE "prestige" ADD CONSTRAINT "prestige_id_game_games_id_game_fk" FOREIGN KEY ("id_game") REFERENCES "public"."games"("id_game") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "xp_logs_game_idx" ON "xp_logs" USING btree ("id_game") WHERE "xp_logs"."id_game" is not null;--> statement-breakpoint
CREATE INDEX "prestige_game_idx" ON "prestige" USING btree ("id_game") WHERE "prestige"."id_game" is not null;
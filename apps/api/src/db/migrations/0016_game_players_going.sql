ALTER TABLE "games" ADD COLUMN "players_going" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Existing games: players going counted once; the version at least the last position (a sign-up's place is the version it makes).
UPDATE "games" SET
	"players_going" = (SELECT count(*) FROM "game_signups" s WHERE s."id_game" = "games"."id_game" AND s."status" = 'going' AND s."role" = 'player'),
	"roster_version" = greatest("roster_version", (SELECT coalesce(max(s."position"), 0) FROM "game_signups" s WHERE s."id_game" = "games"."id_game"));

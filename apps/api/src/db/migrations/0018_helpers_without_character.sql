-- A helper's sign-up named a character without any check (perhaps another member's, whose name it then showed):
-- helpers keep none.
UPDATE "game_signups" SET "id_character" = NULL WHERE "role" = 'helper' AND "id_character" IS NOT NULL;--> statement-breakpoint
UPDATE "game_checkins" SET "id_character" = NULL WHERE "role" = 'helper' AND "id_character" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "game_checkins" ADD CONSTRAINT "game_checkins_helper_ck" CHECK ("game_checkins"."role" = 'player' or "game_checkins"."id_character" is null);--> statement-breakpoint
ALTER TABLE "game_signups" ADD CONSTRAINT "game_signups_helper_ck" CHECK ("game_signups"."role" = 'player' or "game_signups"."id_character" is null);
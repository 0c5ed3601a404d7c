-- Two requests at once could leave a member two downloads 'preparing': the older ones are failed (their builds,
-- if still running, no longer mark them ready) so the index can hold one.
UPDATE "data_downloads" SET "status" = 'failed' WHERE "status" = 'preparing' AND EXISTS (SELECT 1 FROM "data_downloads" "newer" WHERE "newer"."id_user" = "data_downloads"."id_user" AND "newer"."status" = 'preparing' AND "newer"."id" > "data_downloads"."id");--> statement-breakpoint
CREATE UNIQUE INDEX "data_downloads_one_preparing_uq" ON "data_downloads" USING btree ("id_user") WHERE "data_downloads"."status" = 'preparing';

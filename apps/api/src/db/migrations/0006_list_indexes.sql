DROP INDEX "approvals_update_date_idx";--> statement-breakpoint
DROP INDEX "approvals_level_since_idx";--> statement-breakpoint
DROP INDEX "characters_name_idx";--> statement-breakpoint
CREATE INDEX "approvals_update_date_sort_idx" ON "approvals" USING btree ("update_date","id");--> statement-breakpoint
CREATE INDEX "approvals_level_since_sort_idx" ON "approvals" USING btree ("level_since","id");--> statement-breakpoint
CREATE INDEX "approvals_open_level_since_idx" ON "approvals" USING btree ("level_since","id") WHERE "approvals"."status" in ('Pending Low', 'Pending Mid', 'Pending High', 'Pending Top', 'Pending CST', 'Pending Global');--> statement-breakpoint
CREATE INDEX "characters_name_sort_idx" ON "characters" USING btree (lower("character_name"),"id_character");
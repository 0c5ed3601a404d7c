DROP INDEX "approvals_level_idx";--> statement-breakpoint
DROP INDEX "approvals_update_date_idx";--> statement-breakpoint
DROP INDEX "approvals_level_since_idx";--> statement-breakpoint
DROP INDEX "approvals_description_idx";--> statement-breakpoint
DROP INDEX "characters_name_idx";--> statement-breakpoint
CREATE INDEX "approvals_level_sort_idx" ON "approvals" USING btree ("required_approval","id");--> statement-breakpoint
CREATE INDEX "approvals_update_date_sort_idx" ON "approvals" USING btree ("update_date","id");--> statement-breakpoint
CREATE INDEX "approvals_level_since_sort_idx" ON "approvals" USING btree ("level_since","id");--> statement-breakpoint
CREATE INDEX "approvals_open_level_since_idx" ON "approvals" USING btree ("level_since","id") WHERE "approvals"."status" in ('Pending Low', 'Pending Mid', 'Pending High', 'Pending Top', 'Pending CST', 'Pending Global');--> statement-breakpoint
CREATE INDEX "approvals_description_sort_idx" ON "approvals" USING btree (lower("description"),"id");--> statement-breakpoint
CREATE INDEX "characters_name_sort_idx" ON "characters" USING btree (lower("character_name"),"id_character");--> statement-breakpoint
CREATE INDEX "characters_virtue_sort_idx" ON "characters" USING btree ("character_virtue","id_character");--> statement-breakpoint
CREATE INDEX "characters_vss_sort_idx" ON "characters" USING btree ((case when "being_reviewed" = 'no' then 'Pending' when "st_signed" = 'yes' then 'Accepted' when "st_signed" = 'no' then 'Rejected' else 'Unknown' end),"id_character");
-- The Approvals list's default page (by last change) reads each approver's applications from an index of their own,
-- from the level where they see them; the new index on id_user_low serves what approvals_low_idx did.
DROP INDEX "approvals_low_idx";--> statement-breakpoint
CREATE INDEX "approvals_low_update_idx" ON "approvals" USING btree ("id_user_low","update_date","id");--> statement-breakpoint
CREATE INDEX "approvals_mid_update_idx" ON "approvals" USING btree ("id_user_mid","update_date","id") WHERE "approvals"."level_reached" >= 1;--> statement-breakpoint
CREATE INDEX "approvals_high_update_idx" ON "approvals" USING btree ("id_user_high","update_date","id") WHERE "approvals"."level_reached" >= 2;--> statement-breakpoint
CREATE INDEX "approvals_global_update_idx" ON "approvals" USING btree ("id_user_global","update_date","id") WHERE "approvals"."level_reached" >= 3;
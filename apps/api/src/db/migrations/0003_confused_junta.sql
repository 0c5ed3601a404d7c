DROP INDEX "users_type_idx";--> statement-breakpoint
DROP INDEX "users_expiration_idx";--> statement-breakpoint
CREATE INDEX "users_type_sort_idx" ON "users" USING btree ("user_type","id_user");--> statement-breakpoint
CREATE INDEX "users_expiration_sort_idx" ON "users" USING btree ("user_expiration","id_user");
ALTER TABLE "sign_in_failures" ADD COLUMN "pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Attempts in progress were rows with no address before this column: none outlives an upgrade.
DELETE FROM "sign_in_failures" WHERE "ip" = '';

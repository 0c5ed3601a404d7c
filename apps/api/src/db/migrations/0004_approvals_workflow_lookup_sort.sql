CREATE TABLE "approval_escalations" (
	"id" serial PRIMARY KEY NOT NULL,
	"approval_id" integer NOT NULL,
	"status" text NOT NULL,
	"level_since" timestamp with time zone NOT NULL,
	"escalated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "users_type_idx";--> statement-breakpoint
DROP INDEX "users_expiration_idx";--> statement-breakpoint
ALTER TABLE "approvals" ADD COLUMN "level_since" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "approvals" ADD COLUMN "id_location" integer;--> statement-breakpoint
ALTER TABLE "approvals" ADD COLUMN "level_reached" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "approval_escalations" ADD CONSTRAINT "approval_escalations_approval_id_approvals_id_fk" FOREIGN KEY ("approval_id") REFERENCES "public"."approvals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "approval_escalations_uq" ON "approval_escalations" USING btree ("approval_id","status","level_since");--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_id_location_locations_id_location_fk" FOREIGN KEY ("id_location") REFERENCES "public"."locations"("id_location") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approvals_level_since_idx" ON "approvals" USING btree ("level_since");--> statement-breakpoint
CREATE INDEX "approvals_location_idx" ON "approvals" USING btree ("id_location");--> statement-breakpoint
CREATE INDEX "users_type_sort_idx" ON "users" USING btree ("user_type","id_user");--> statement-breakpoint
CREATE INDEX "users_expiration_sort_idx" ON "users" USING btree ("user_expiration","id_user");--> statement-breakpoint
-- Applications submitted before this migration: the place they were submitted at is their character's venue's,
-- their clock starts at their last change, and the level they reached follows from their status.
UPDATE "approvals" AS a SET
  "id_location" = v."id_location",
  "level_since" = a."update_date",
  "level_reached" = CASE
    WHEN a."status" = 'Pending Mid' THEN 1
    WHEN a."status" = 'Pending High' THEN 2
    WHEN a."status" IN ('Pending Top', 'Pending Global') THEN 3
    WHEN a."status" = 'Approved' THEN CASE a."required_approval" WHEN 'Mid' THEN 1 WHEN 'High' THEN 2 WHEN 'Top' THEN 3 ELSE 0 END
    ELSE 0
  END
FROM "characters" AS c JOIN "venues" AS v ON v."id_venue" = c."id_venue"
WHERE c."id_character" = a."character_id" AND a."id_location" IS NULL;

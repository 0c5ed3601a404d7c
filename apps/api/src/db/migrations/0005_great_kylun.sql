ALTER TABLE "approvals" ADD COLUMN "id_location" integer;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_id_location_locations_id_location_fk" FOREIGN KEY ("id_location") REFERENCES "public"."locations"("id_location") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approvals_location_idx" ON "approvals" USING btree ("id_location");
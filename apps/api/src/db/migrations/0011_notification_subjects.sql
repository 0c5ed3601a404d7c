-- A notice that asks its reader to act names its subject; when the subject stops awaiting them it is marked read.
ALTER TABLE "notifications" ADD COLUMN "subject" text;--> statement-breakpoint
CREATE INDEX "notifications_open_subject_idx" ON "notifications" USING btree ("subject") WHERE "notifications"."read_at" is null and "notifications"."subject" is not null;
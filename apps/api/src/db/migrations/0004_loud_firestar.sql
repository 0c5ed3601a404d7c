CREATE TABLE "approval_escalations" (
	"id" serial PRIMARY KEY NOT NULL,
	"approval_id" integer NOT NULL,
	"status" text NOT NULL,
	"level_since" timestamp with time zone NOT NULL,
	"escalated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "approvals" ADD COLUMN "level_since" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "approvals" ADD COLUMN "level_reached" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "approval_escalations" ADD CONSTRAINT "approval_escalations_approval_id_approvals_id_fk" FOREIGN KEY ("approval_id") REFERENCES "public"."approvals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "approval_escalations_uq" ON "approval_escalations" USING btree ("approval_id","status","level_since");--> statement-breakpoint
CREATE INDEX "approvals_level_since_idx" ON "approvals" USING btree ("level_since");
CREATE TABLE "data_downloads" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_user" integer NOT NULL,
	"status" text DEFAULT 'preparing' NOT NULL,
	"zip_file" "bytea",
	"size_bytes" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	CONSTRAINT "data_downloads_status_ck" CHECK ("data_downloads"."status" in ('preparing', 'ready', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "data_downloads" ADD CONSTRAINT "data_downloads_id_user_users_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "public"."users"("id_user") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "data_downloads_user_idx" ON "data_downloads" USING btree ("id_user","id");
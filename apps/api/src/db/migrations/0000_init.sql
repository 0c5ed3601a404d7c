CREATE TABLE "app_number_counters" (
	"id_location" integer PRIMARY KEY NOT NULL,
	"last_number" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approval_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"approval_id" integer NOT NULL,
	"id_user" integer,
	"from_status" text,
	"to_status" text NOT NULL,
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approvals" (
	"id" serial PRIMARY KEY NOT NULL,
	"app_number" text NOT NULL,
	"description" text NOT NULL,
	"category" text NOT NULL,
	"justification" text NOT NULL,
	"character_sheet" text DEFAULT '' NOT NULL,
	"mechanics" text DEFAULT '' NOT NULL,
	"character_background" text DEFAULT '' NOT NULL,
	"group_name" text,
	"required_approval" text NOT NULL,
	"status" text DEFAULT 'Pending Low' NOT NULL,
	"character_id" integer NOT NULL,
	"id_user_low" integer,
	"id_user_mid" integer,
	"id_user_high" integer,
	"id_user_global" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"update_date" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "approvals_category_ck" CHECK ("approvals"."category" in ('VSS', '2 Point Rarity', '4 Point Rarity', 'Fame Background', 'Rank Background', 'Other')),
	CONSTRAINT "approvals_level_ck" CHECK ("approvals"."required_approval" in ('Low', 'Mid', 'High', 'Top')),
	CONSTRAINT "approvals_status_ck" CHECK ("approvals"."status" in ('Denied', 'Approved', 'Removed', 'Pending High', 'Pending Mid', 'Pending Low', 'Pending Top', 'Pending CST', 'Pending Global'))
);
--> statement-breakpoint
CREATE TABLE "character_subtypes" (
	"id_subtype" serial PRIMARY KEY NOT NULL,
	"subtype_name" text NOT NULL,
	"id_parent_type" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "character_types" (
	"id_type" serial PRIMARY KEY NOT NULL,
	"type_name" text NOT NULL,
	CONSTRAINT "character_types_type_name_unique" UNIQUE("type_name")
);
--> statement-breakpoint
CREATE TABLE "characters" (
	"id_character" serial PRIMARY KEY NOT NULL,
	"character_name" text NOT NULL,
	"id_user" integer NOT NULL,
	"id_venue" integer,
	"id_type" integer NOT NULL,
	"id_subtype" integer NOT NULL,
	"character_virtue" text NOT NULL,
	"character_vice" text NOT NULL,
	"character_concept" text,
	"character_concept_description" text,
	"character_status" text DEFAULT 'Active' NOT NULL,
	"being_reviewed" text DEFAULT 'no' NOT NULL,
	"st_signed" text,
	"sign_response" text,
	"signed_by" integer,
	"signed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "characters_virtue_ck" CHECK ("characters"."character_virtue" in ('Charity', 'Faith', 'Fortitude', 'Hope', 'Justice', 'Prudence', 'Temperence')),
	CONSTRAINT "characters_vice_ck" CHECK ("characters"."character_vice" in ('Envy', 'Gluttony', 'Greed', 'Lust', 'Pride', 'Sloth', 'Wrath')),
	CONSTRAINT "characters_status_ck" CHECK ("characters"."character_status" in ('Active', 'Inactive', 'Retired', 'Dead')),
	CONSTRAINT "characters_being_reviewed_ck" CHECK ("characters"."being_reviewed" in ('yes', 'no'))
);
--> statement-breakpoint
CREATE TABLE "xp_logs" (
	"id_xp_log" serial PRIMARY KEY NOT NULL,
	"id_character" integer NOT NULL,
	"xp_datetime" timestamp with time zone DEFAULT now() NOT NULL,
	"xp_type" text NOT NULL,
	"xp_description" text NOT NULL,
	"xp_amount" integer NOT NULL,
	"xp_balance" integer NOT NULL,
	"id_user_author" integer,
	"is_void" boolean DEFAULT false NOT NULL,
	"voided_by" integer,
	"voided_at" timestamp with time zone,
	CONSTRAINT "xp_logs_type_ck" CHECK ("xp_logs"."xp_type" in ('Creation Dots', 'Earn', 'Spend', 'MC'))
);
--> statement-breakpoint
CREATE TABLE "file_contents" (
	"id_file_content" serial PRIMARY KEY NOT NULL,
	"id_file" integer NOT NULL,
	"filename" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"data" "bytea" NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id_file" serial PRIMARY KEY NOT NULL,
	"file_name" text NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id_location" serial PRIMARY KEY NOT NULL,
	"location_name" text NOT NULL,
	"location_code" text NOT NULL,
	"id_parent_location" text,
	"id_parent" integer,
	"location_type" integer NOT NULL,
	CONSTRAINT "locations_type_ck" CHECK ("locations"."location_type" between 1 and 9)
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"id_user" integer NOT NULL,
	"kind" text NOT NULL,
	"message" text NOT NULL,
	"link" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "mc_levels" (
	"mc" integer PRIMARY KEY NOT NULL,
	"general_required" integer NOT NULL,
	"regional_required" integer NOT NULL,
	"national_required" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prestige" (
	"id_prestige" serial PRIMARY KEY NOT NULL,
	"id_user" integer NOT NULL,
	"prestige_description" text NOT NULL,
	"prestige_category" text NOT NULL,
	"prestige_general" integer DEFAULT 0 NOT NULL,
	"prestige_regional" integer DEFAULT 0 NOT NULL,
	"prestige_national" integer DEFAULT 0 NOT NULL,
	"prestige_usable_general" integer DEFAULT 0 NOT NULL,
	"id_reviewer" integer,
	"prestige_datetime" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "prestige_category_ck" CHECK ("prestige"."prestige_category" in ('Administration', 'City Development', 'Communication', 'Community Service', 'Publications and PR', 'Event Services', 'Storytelling Support', 'Organizational Service', 'Miscellaneous', 'Exceptional Service', 'Early Renewal', 'Recruiting'))
);
--> statement-breakpoint
CREATE TABLE "oidc_payloads" (
	"model" text NOT NULL,
	"id" text NOT NULL,
	"payload" jsonb NOT NULL,
	"grant_id" text,
	"user_code" text,
	"uid" text,
	"expires_at" timestamp with time zone,
	"consumed_at" timestamp with time zone,
	CONSTRAINT "oidc_payloads_model_id_pk" PRIMARY KEY("model","id")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"id_user" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"method" text NOT NULL,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
CREATE TABLE "sign_in_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"ip" text NOT NULL,
	"email" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_addresses" (
	"id_address" serial PRIMARY KEY NOT NULL,
	"id_user" integer NOT NULL,
	"addr_line_1" text,
	"addr_line_2" text,
	"addr_city" text,
	"addr_state" text,
	"addr_zip" text,
	"addr_country" text
);
--> statement-breakpoint
CREATE TABLE "user_emails" (
	"id_email" serial PRIMARY KEY NOT NULL,
	"id_user" integer NOT NULL,
	"email" text NOT NULL,
	"is_verified" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_identities" (
	"id_identity" serial PRIMARY KEY NOT NULL,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"id_user" integer NOT NULL,
	"linked_by" text NOT NULL,
	"linked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_phones" (
	"id_phone" serial PRIMARY KEY NOT NULL,
	"id_user" integer NOT NULL,
	"phone_number" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id_user" serial PRIMARY KEY NOT NULL,
	"user_fname" text NOT NULL,
	"user_mname" text,
	"user_lname" text NOT NULL,
	"user_nick" text,
	"user_prefix" text,
	"user_bday" date,
	"user_camnum" text NOT NULL,
	"user_type" text DEFAULT 'LARP' NOT NULL,
	"user_expiration" date,
	"id_location" integer,
	"user_photo" text,
	"is_admin" boolean DEFAULT false NOT NULL,
	"is_disabled" boolean DEFAULT false NOT NULL,
	"password_hash" text,
	"password_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_type_ck" CHECK ("users"."user_type" in ('LARP', 'Tabletop', 'LRA', 'Troupe', 'Both'))
);
--> statement-breakpoint
CREATE TABLE "positions" (
	"id_position" serial PRIMARY KEY NOT NULL,
	"id_location" integer NOT NULL,
	"id_venue" integer,
	"id_user" integer,
	"pos_type" text NOT NULL,
	"pos_title" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "positions_type_ck" CHECK ("positions"."pos_type" in ('NC', 'NST', 'ANST', 'RC', 'RST', 'ARST', 'DC', 'DST', 'ADST', 'VST'))
);
--> statement-breakpoint
CREATE TABLE "venue_items" (
	"id_venue_item" serial PRIMARY KEY NOT NULL,
	"id_venue" integer NOT NULL,
	"id_user_st" integer,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "venue_items_type_ck" CHECK ("venue_items"."type" in ('Item', 'Location', 'NPC'))
);
--> statement-breakpoint
CREATE TABLE "venue_types" (
	"id_venue_type" serial PRIMARY KEY NOT NULL,
	"venue_type" text NOT NULL,
	CONSTRAINT "venue_types_venue_type_unique" UNIQUE("venue_type")
);
--> statement-breakpoint
CREATE TABLE "venues" (
	"id_venue" serial PRIMARY KEY NOT NULL,
	"venue_name" text NOT NULL,
	"venue_style" text DEFAULT '' NOT NULL,
	"id_venue_type" integer NOT NULL,
	"id_location" integer NOT NULL,
	"id_user_st" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "app_number_counters" ADD CONSTRAINT "app_number_counters_id_location_locations_id_location_fk" FOREIGN KEY ("id_location") REFERENCES "public"."locations"("id_location") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_events" ADD CONSTRAINT "approval_events_approval_id_approvals_id_fk" FOREIGN KEY ("approval_id") REFERENCES "public"."approvals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_events" ADD CONSTRAINT "approval_events_id_user_users_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "public"."users"("id_user") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_character_id_characters_id_character_fk" FOREIGN KEY ("character_id") REFERENCES "public"."characters"("id_character") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_id_user_low_users_id_user_fk" FOREIGN KEY ("id_user_low") REFERENCES "public"."users"("id_user") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_id_user_mid_users_id_user_fk" FOREIGN KEY ("id_user_mid") REFERENCES "public"."users"("id_user") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_id_user_high_users_id_user_fk" FOREIGN KEY ("id_user_high") REFERENCES "public"."users"("id_user") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_id_user_global_users_id_user_fk" FOREIGN KEY ("id_user_global") REFERENCES "public"."users"("id_user") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approvals" ADD CONSTRAINT "approvals_updated_by_users_id_user_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id_user") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "character_subtypes" ADD CONSTRAINT "character_subtypes_id_parent_type_character_types_id_type_fk" FOREIGN KEY ("id_parent_type") REFERENCES "public"."character_types"("id_type") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "characters" ADD CONSTRAINT "characters_id_user_users_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "public"."users"("id_user") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "characters" ADD CONSTRAINT "characters_id_venue_venues_id_venue_fk" FOREIGN KEY ("id_venue") REFERENCES "public"."venues"("id_venue") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "characters" ADD CONSTRAINT "characters_id_type_character_types_id_type_fk" FOREIGN KEY ("id_type") REFERENCES "public"."character_types"("id_type") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "characters" ADD CONSTRAINT "characters_id_subtype_character_subtypes_id_subtype_fk" FOREIGN KEY ("id_subtype") REFERENCES "public"."character_subtypes"("id_subtype") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "characters" ADD CONSTRAINT "characters_signed_by_users_id_user_fk" FOREIGN KEY ("signed_by") REFERENCES "public"."users"("id_user") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xp_logs" ADD CONSTRAINT "xp_logs_id_character_characters_id_character_fk" FOREIGN KEY ("id_character") REFERENCES "public"."characters"("id_character") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xp_logs" ADD CONSTRAINT "xp_logs_id_user_author_users_id_user_fk" FOREIGN KEY ("id_user_author") REFERENCES "public"."users"("id_user") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "xp_logs" ADD CONSTRAINT "xp_logs_voided_by_users_id_user_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."users"("id_user") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_contents" ADD CONSTRAINT "file_contents_id_file_files_id_file_fk" FOREIGN KEY ("id_file") REFERENCES "public"."files"("id_file") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "file_contents" ADD CONSTRAINT "file_contents_created_by_users_id_user_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id_user") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_created_by_users_id_user_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id_user") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_id_parent_locations_id_location_fk" FOREIGN KEY ("id_parent") REFERENCES "public"."locations"("id_location") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_id_user_users_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "public"."users"("id_user") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prestige" ADD CONSTRAINT "prestige_id_user_users_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "public"."users"("id_user") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prestige" ADD CONSTRAINT "prestige_id_reviewer_users_id_user_fk" FOREIGN KEY ("id_reviewer") REFERENCES "public"."users"("id_user") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_id_user_users_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "public"."users"("id_user") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_addresses" ADD CONSTRAINT "user_addresses_id_user_users_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "public"."users"("id_user") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_emails" ADD CONSTRAINT "user_emails_id_user_users_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "public"."users"("id_user") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_identities" ADD CONSTRAINT "user_identities_id_user_users_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "public"."users"("id_user") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_phones" ADD CONSTRAINT "user_phones_id_user_users_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "public"."users"("id_user") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_id_location_locations_id_location_fk" FOREIGN KEY ("id_location") REFERENCES "public"."locations"("id_location") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_id_location_locations_id_location_fk" FOREIGN KEY ("id_location") REFERENCES "public"."locations"("id_location") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_id_venue_venues_id_venue_fk" FOREIGN KEY ("id_venue") REFERENCES "public"."venues"("id_venue") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_id_user_users_id_user_fk" FOREIGN KEY ("id_user") REFERENCES "public"."users"("id_user") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_items" ADD CONSTRAINT "venue_items_id_venue_venues_id_venue_fk" FOREIGN KEY ("id_venue") REFERENCES "public"."venues"("id_venue") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venue_items" ADD CONSTRAINT "venue_items_id_user_st_users_id_user_fk" FOREIGN KEY ("id_user_st") REFERENCES "public"."users"("id_user") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venues" ADD CONSTRAINT "venues_id_venue_type_venue_types_id_venue_type_fk" FOREIGN KEY ("id_venue_type") REFERENCES "public"."venue_types"("id_venue_type") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venues" ADD CONSTRAINT "venues_id_location_locations_id_location_fk" FOREIGN KEY ("id_location") REFERENCES "public"."locations"("id_location") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "venues" ADD CONSTRAINT "venues_id_user_st_users_id_user_fk" FOREIGN KEY ("id_user_st") REFERENCES "public"."users"("id_user") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "approval_events_approval_idx" ON "approval_events" USING btree ("approval_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "approvals_app_number_uq" ON "approvals" USING btree ("app_number");--> statement-breakpoint
CREATE INDEX "approvals_character_idx" ON "approvals" USING btree ("character_id");--> statement-breakpoint
CREATE INDEX "approvals_status_idx" ON "approvals" USING btree ("status","update_date");--> statement-breakpoint
CREATE INDEX "approvals_level_idx" ON "approvals" USING btree ("required_approval");--> statement-breakpoint
CREATE INDEX "approvals_category_idx" ON "approvals" USING btree ("category");--> statement-breakpoint
CREATE INDEX "approvals_update_date_idx" ON "approvals" USING btree ("update_date");--> statement-breakpoint
CREATE INDEX "approvals_low_idx" ON "approvals" USING btree ("id_user_low");--> statement-breakpoint
CREATE INDEX "approvals_mid_idx" ON "approvals" USING btree ("id_user_mid");--> statement-breakpoint
CREATE INDEX "approvals_high_idx" ON "approvals" USING btree ("id_user_high");--> statement-breakpoint
CREATE INDEX "approvals_global_idx" ON "approvals" USING btree ("id_user_global");--> statement-breakpoint
CREATE INDEX "approvals_description_idx" ON "approvals" USING btree (lower("description"));--> statement-breakpoint
CREATE INDEX "character_subtypes_parent_idx" ON "character_subtypes" USING btree ("id_parent_type");--> statement-breakpoint
CREATE INDEX "characters_user_idx" ON "characters" USING btree ("id_user","id_character");--> statement-breakpoint
CREATE INDEX "characters_venue_idx" ON "characters" USING btree ("id_venue","id_character");--> statement-breakpoint
CREATE INDEX "characters_type_idx" ON "characters" USING btree ("id_type","id_subtype");--> statement-breakpoint
CREATE INDEX "characters_name_idx" ON "characters" USING btree (lower("character_name"));--> statement-breakpoint
CREATE INDEX "xp_logs_character_idx" ON "xp_logs" USING btree ("id_character","xp_datetime");--> statement-breakpoint
CREATE INDEX "file_contents_file_idx" ON "file_contents" USING btree ("id_file");--> statement-breakpoint
CREATE INDEX "file_contents_filename_idx" ON "file_contents" USING btree (lower("filename"));--> statement-breakpoint
CREATE INDEX "files_name_idx" ON "files" USING btree (lower("file_name"));--> statement-breakpoint
CREATE INDEX "files_created_idx" ON "files" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "locations_parent_idx" ON "locations" USING btree ("id_parent");--> statement-breakpoint
CREATE INDEX "locations_type_idx" ON "locations" USING btree ("location_type");--> statement-breakpoint
CREATE UNIQUE INDEX "locations_parent_code_uq" ON "locations" USING btree (coalesce("id_parent", 0),"location_code");--> statement-breakpoint
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("id_user","read_at","created_at");--> statement-breakpoint
CREATE INDEX "prestige_user_datetime_idx" ON "prestige" USING btree ("id_user","prestige_datetime");--> statement-breakpoint
CREATE INDEX "prestige_reviewer_idx" ON "prestige" USING btree ("id_reviewer");--> statement-breakpoint
CREATE INDEX "oidc_payloads_grant_idx" ON "oidc_payloads" USING btree ("grant_id");--> statement-breakpoint
CREATE INDEX "oidc_payloads_uid_idx" ON "oidc_payloads" USING btree ("uid");--> statement-breakpoint
CREATE INDEX "oidc_payloads_expires_idx" ON "oidc_payloads" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("id_user");--> statement-breakpoint
CREATE INDEX "sign_in_failures_ip_at_idx" ON "sign_in_failures" USING btree ("ip","at");--> statement-breakpoint
CREATE INDEX "sign_in_failures_email_at_idx" ON "sign_in_failures" USING btree ("email","at");--> statement-breakpoint
CREATE INDEX "user_addresses_user_idx" ON "user_addresses" USING btree ("id_user");--> statement-breakpoint
CREATE UNIQUE INDEX "user_emails_email_uq" ON "user_emails" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "user_emails_user_idx" ON "user_emails" USING btree ("id_user");--> statement-breakpoint
CREATE UNIQUE INDEX "user_identities_issuer_subject_uq" ON "user_identities" USING btree ("issuer","subject");--> statement-breakpoint
CREATE INDEX "user_identities_user_idx" ON "user_identities" USING btree ("id_user");--> statement-breakpoint
CREATE INDEX "user_phones_user_idx" ON "user_phones" USING btree ("id_user");--> statement-breakpoint
CREATE UNIQUE INDEX "users_camnum_uq" ON "users" USING btree ("user_camnum");--> statement-breakpoint
CREATE INDEX "users_location_idx" ON "users" USING btree ("id_location");--> statement-breakpoint
CREATE INDEX "users_type_idx" ON "users" USING btree ("user_type");--> statement-breakpoint
CREATE INDEX "users_expiration_idx" ON "users" USING btree ("user_expiration");--> statement-breakpoint
CREATE INDEX "users_lname_fname_idx" ON "users" USING btree (lower("user_lname"),lower("user_fname"));--> statement-breakpoint
CREATE INDEX "positions_location_idx" ON "positions" USING btree ("id_location");--> statement-breakpoint
CREATE INDEX "positions_user_idx" ON "positions" USING btree ("id_user");--> statement-breakpoint
CREATE INDEX "positions_venue_idx" ON "positions" USING btree ("id_venue");--> statement-breakpoint
CREATE INDEX "venue_items_venue_idx" ON "venue_items" USING btree ("id_venue");--> statement-breakpoint
CREATE UNIQUE INDEX "venue_items_venue_name_type_uq" ON "venue_items" USING btree ("id_venue","type","name");--> statement-breakpoint
CREATE INDEX "venues_location_idx" ON "venues" USING btree ("id_location");--> statement-breakpoint
CREATE INDEX "venues_st_idx" ON "venues" USING btree ("id_user_st");--> statement-breakpoint
CREATE INDEX "venues_type_idx" ON "venues" USING btree ("id_venue_type");--> statement-breakpoint
CREATE INDEX "venues_name_idx" ON "venues" USING btree (lower("venue_name"));
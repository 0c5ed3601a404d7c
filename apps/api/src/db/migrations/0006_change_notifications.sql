-- What API processes remember between requests (a signed-in member's roles; the domain list; the MC ladder)
-- is dropped when these tables change: each change sends NOTIFY guildhall_changes with the table's name, and
-- every process on PostgreSQL listens (db/changes.ts). One notification per statement, not per row.
CREATE FUNCTION "guildhall_notify_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('guildhall_changes', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_changed" AFTER UPDATE OR DELETE OR TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "guildhall_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "users_roles_changed" AFTER UPDATE OF "is_admin", "is_disabled" OR DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "guildhall_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "positions_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "positions" FOR EACH STATEMENT EXECUTE FUNCTION "guildhall_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "venues_storyteller_changed" AFTER INSERT OR UPDATE OF "id_user_st" OR DELETE OR TRUNCATE ON "venues" FOR EACH STATEMENT EXECUTE FUNCTION "guildhall_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "locations_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "locations" FOR EACH STATEMENT EXECUTE FUNCTION "guildhall_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "mc_levels_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "mc_levels" FOR EACH STATEMENT EXECUTE FUNCTION "guildhall_notify_change"();

-- What API processes remember now includes a member's prestige totals and record pages, which show their reviewers'
-- names (decision 155): a change to prestige, or to a member's name, tells every process (db/changes.ts).
DROP TRIGGER "users_roles_changed" ON "users";
--> statement-breakpoint
CREATE TRIGGER "users_roles_changed" AFTER UPDATE OF "is_admin", "is_disabled", "user_fname", "user_lname" OR DELETE OR TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "guildhall_notify_change"();
--> statement-breakpoint
CREATE TRIGGER "prestige_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "prestige" FOR EACH STATEMENT EXECUTE FUNCTION "guildhall_notify_change"();

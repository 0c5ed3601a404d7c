-- A member's notification pages are remembered too (decision 156): a change to notifications tells every process
-- (db/changes.ts).
CREATE TRIGGER "notifications_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "notifications" FOR EACH STATEMENT EXECUTE FUNCTION "guildhall_notify_change"();

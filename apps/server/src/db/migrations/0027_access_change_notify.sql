-- Issue 21 point 2: the API keeps each signed-in user in memory (platform/access/current-user-cache.ts)
-- and forgets them when this channel names them. Every row change that could alter what the access hook
-- answers notifies: a user (status, role, token version, names), a session (revoked, ended, deleted), a
-- client association (also when a client's deletion cascades to it), and any role ('*': its users are
-- not known here). NOTIFY is sent at commit and drops duplicates within a transaction.
CREATE OR REPLACE FUNCTION "notify_access_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'roles' OR TG_OP = 'TRUNCATE' THEN
    PERFORM pg_notify('tideline_access', '*');
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pg_notify('tideline_access', OLD.user_id::text);
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    PERFORM pg_notify('tideline_access', NEW.user_id::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_access_notify" AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "notify_access_change"();
--> statement-breakpoint
CREATE TRIGGER "users_access_notify_truncate" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_access_change"();
--> statement-breakpoint
CREATE TRIGGER "sessions_access_notify" AFTER UPDATE OR DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "notify_access_change"();
--> statement-breakpoint
CREATE TRIGGER "sessions_access_notify_truncate" AFTER TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_access_change"();
--> statement-breakpoint
CREATE TRIGGER "user_clients_access_notify" AFTER INSERT OR UPDATE OR DELETE ON "user_clients"
  FOR EACH ROW EXECUTE FUNCTION "notify_access_change"();
--> statement-breakpoint
CREATE TRIGGER "user_clients_access_notify_truncate" AFTER TRUNCATE ON "user_clients"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_access_change"();
--> statement-breakpoint
CREATE TRIGGER "roles_access_notify" AFTER UPDATE OR DELETE OR TRUNCATE ON "roles"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_access_change"();

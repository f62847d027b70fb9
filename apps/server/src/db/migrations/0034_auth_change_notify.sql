-- Each API process keeps the callers of recent sessions in memory (platform/session-cache.ts). Whatever can end a
-- session or change who its caller is (a session revoked, shortened or deleted; a user deactivated, renamed, given
-- another role or a new password) tells every process at commit, on the channel registry_auth, to forget them.
-- Statement-level, without a payload: PostgreSQL sends one notification per transaction however many rows change.
CREATE FUNCTION notify_auth_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('registry_auth', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_auth_change AFTER UPDATE OF revoked_at, expires_at, user_id, impersonated_by_user_id, previous_session_id OR DELETE
  ON sessions FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_change();
--> statement-breakpoint
CREATE TRIGGER users_auth_change AFTER UPDATE OF is_active, role_id, user_name, first_name, last_name, password_hash OR DELETE
  ON users FOR EACH STATEMENT EXECUTE FUNCTION notify_auth_change();

-- Statement trigger on sessions and users: pg_notify('registry_auth') at commit, so every process forgets its cached
-- callers (platform/session-cache.ts).
CREATE OR REPLACE FUNCTION notify_auth_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('registry_auth', '');
  RETURN NULL;
END $$;

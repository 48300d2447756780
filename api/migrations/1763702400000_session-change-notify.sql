-- Up Migration
-- API replicas cache session lookups; every change that can end a session or alter what it
-- carries (logout, password change or reset, Google link, role or profile change, account
-- deletion) tells all of them at commit, whichever code path or process made it.
CREATE FUNCTION notify_session_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'sessions' THEN
    -- Sessions that no cache can hold (already revoked, expired) need no word.
    IF OLD.revoked_at IS NULL AND OLD.expires_at > now() THEN
      PERFORM pg_notify('session_changes', OLD.user_id::text);
    END IF;
  ELSE
    PERFORM pg_notify('session_changes', OLD.id::text);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER users_notify_session_change AFTER UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_session_change();
CREATE TRIGGER sessions_notify_session_change AFTER UPDATE OR DELETE ON sessions
  FOR EACH ROW EXECUTE FUNCTION notify_session_change();

-- Down Migration
DROP TRIGGER sessions_notify_session_change ON sessions;
DROP TRIGGER users_notify_session_change ON users;
DROP FUNCTION notify_session_change();

-- Every change to an account (password, token version, blocking, roles, removal, profile) is announced on
-- the accounts_changed channel with the account's id, after commit: each API instance drops its cached copy
-- (server/plugins/account-cache.ts), whichever instance or tool made the change.
CREATE FUNCTION "accounts_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('accounts_changed', OLD.id::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "accounts_changed" AFTER UPDATE OR DELETE ON "accounts"
  FOR EACH ROW EXECUTE FUNCTION "accounts_changed"();

-- A partner's fee records are cached with the account (server/accounts/account-cache.ts): a change to them is
-- announced on the accounts' own channel, with the partner's id, so every instance drops its copy.
CREATE FUNCTION "partner_fees_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('accounts_changed', COALESCE(NEW.user_id, OLD.user_id)::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "partner_fees_changed" AFTER INSERT OR UPDATE OR DELETE ON "partner_fees"
  FOR EACH ROW EXECUTE FUNCTION "partner_fees_changed"();

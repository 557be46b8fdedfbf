-- The catalogue's reads are cached by every API instance (server/catalogue/catalogue-cache.ts): any change to
-- its tables, by whichever instance or tool, is announced on catalogue_changed with the table's name.
CREATE FUNCTION "catalogue_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalogue_changed', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "series_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "series"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "models_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "models"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "platforms_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "platforms"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "install_types_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "install_types"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "model_platform_install_types_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE
  ON "model_platform_install_types" FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_changed"();

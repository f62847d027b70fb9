CREATE TABLE "pet_owner_names" (
	"pet_owner_id" integer PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pet_owner_names" ADD CONSTRAINT "pet_owner_names_pet_owner_id_users_id_fk" FOREIGN KEY ("pet_owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written from here (issue 13, the people benchmark): the narrow copy of pet owners' lower-cased full names, with
-- its trigram index, kept by a row trigger on users (an account joins when it becomes a pet owner proper, follows its
-- name, and leaves when it stops being one; a deleted user leaves by the foreign key's cascade).
CREATE INDEX "pet_owner_names_trgm_idx" ON "pet_owner_names" USING gin ("full_name" gin_trgm_ops);
--> statement-breakpoint
CREATE FUNCTION pet_owner_names_after_user_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.role_id = 3 AND lower(NEW.user_name) NOT LIKE 'res%' THEN
    INSERT INTO pet_owner_names (pet_owner_id, full_name)
      VALUES (NEW.id, lower(coalesce(NEW.first_name, '') || ' ' || coalesce(NEW.last_name, '')))
    ON CONFLICT (pet_owner_id) DO UPDATE SET full_name = excluded.full_name
      WHERE pet_owner_names.full_name IS DISTINCT FROM excluded.full_name;
  ELSIF TG_OP = 'UPDATE' THEN
    DELETE FROM pet_owner_names WHERE pet_owner_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER pet_owner_names_user_insert AFTER INSERT ON users
  FOR EACH ROW EXECUTE FUNCTION pet_owner_names_after_user_write();
--> statement-breakpoint
CREATE TRIGGER pet_owner_names_user_update AFTER UPDATE OF first_name, last_name, role_id, user_name ON users
  FOR EACH ROW EXECUTE FUNCTION pet_owner_names_after_user_write();
--> statement-breakpoint
INSERT INTO pet_owner_names (pet_owner_id, full_name)
  SELECT id, lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '')) FROM users
  WHERE role_id = 3 AND lower(user_name) NOT LIKE 'res%';

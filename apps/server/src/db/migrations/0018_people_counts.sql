CREATE TABLE "pet_owner_names" (
	"pet_owner_id" integer PRIMARY KEY NOT NULL,
	"full_name" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pets" ADD COLUMN "owner_is_member" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pet_owner_names" ADD CONSTRAINT "pet_owner_names_pet_owner_id_users_id_fk" FOREIGN KEY ("pet_owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written from here (issue 13, the people benchmark): pets.owner_is_member is true exactly when the pet's owner has
-- a membership without a move-out date. A pet takes it when it is written with an owner (row trigger, one index probe);
-- a membership change sets it on the owners' pets (statement trigger: a bulk change touches each owner once).
CREATE FUNCTION pets_owner_is_member_on_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.owner_is_member := NEW.pet_owner_id IS NOT NULL AND EXISTS (SELECT 1 FROM pet_owner_groups pog
    WHERE pog.pet_owner_id = NEW.pet_owner_id AND pog.move_out_date IS NULL);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER pets_owner_is_member_insert BEFORE INSERT ON pets
  FOR EACH ROW EXECUTE FUNCTION pets_owner_is_member_on_write();
--> statement-breakpoint
CREATE TRIGGER pets_owner_is_member_update BEFORE UPDATE OF pet_owner_id, owner_is_member ON pets
  FOR EACH ROW EXECUTE FUNCTION pets_owner_is_member_on_write();
--> statement-breakpoint
CREATE FUNCTION pets_owner_is_member_after_membership_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner_ids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    owner_ids := array(SELECT DISTINCT pet_owner_id FROM new_rows);
  ELSIF TG_OP = 'DELETE' THEN
    owner_ids := array(SELECT DISTINCT pet_owner_id FROM old_rows);
  ELSE
    owner_ids := array(SELECT pet_owner_id FROM new_rows UNION SELECT pet_owner_id FROM old_rows);
  END IF;
  -- Setting the column fires the row trigger above, which computes the value from the memberships now in place.
  UPDATE pets p SET owner_is_member = NOT p.owner_is_member
    WHERE p.pet_owner_id = ANY (owner_ids)
      AND p.owner_is_member IS DISTINCT FROM EXISTS (SELECT 1 FROM pet_owner_groups pog
        WHERE pog.pet_owner_id = p.pet_owner_id AND pog.move_out_date IS NULL);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER pets_owner_is_member_membership_insert AFTER INSERT ON pet_owner_groups REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pets_owner_is_member_after_membership_change();
--> statement-breakpoint
CREATE TRIGGER pets_owner_is_member_membership_update AFTER UPDATE ON pet_owner_groups REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pets_owner_is_member_after_membership_change();
--> statement-breakpoint
CREATE TRIGGER pets_owner_is_member_membership_delete AFTER DELETE ON pet_owner_groups REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION pets_owner_is_member_after_membership_change();
--> statement-breakpoint
-- The pets whose owner is a member now (the row trigger sets each; every other pet keeps the default, false).
UPDATE pets SET owner_is_member = owner_is_member
  WHERE pet_owner_id IN (SELECT pet_owner_id FROM pet_owner_groups WHERE move_out_date IS NULL);
--> statement-breakpoint
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

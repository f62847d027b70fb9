ALTER TABLE "pets" ADD COLUMN "owner_is_member" boolean DEFAULT false NOT NULL;--> statement-breakpoint
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

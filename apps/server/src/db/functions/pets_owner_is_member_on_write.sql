-- Row trigger before a pet is written: pets.owner_is_member says whether its owner currently belongs to any group (the
-- application never sets it).
CREATE OR REPLACE FUNCTION pets_owner_is_member_on_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.owner_is_member := NEW.pet_owner_id IS NOT NULL AND EXISTS (SELECT 1 FROM pet_owner_groups pog
    WHERE pog.pet_owner_id = NEW.pet_owner_id AND pog.move_out_date IS NULL);
  RETURN NEW;
END $$;

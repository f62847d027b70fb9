-- Row trigger on users: keeps pet_owner_names (the lower-cased full name the pet owner search walks) for registry pet
-- owners, and drops the row of a user who is no longer one.
CREATE OR REPLACE FUNCTION pet_owner_names_after_user_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.role_id = 3 AND lower(NEW.user_name) NOT LIKE 'res%' THEN
    INSERT INTO pet_owner_names (pet_owner_id, full_name, first_name, last_name)
      VALUES (NEW.id, lower(coalesce(NEW.first_name, '') || ' ' || coalesce(NEW.last_name, '')), NEW.first_name, NEW.last_name)
    ON CONFLICT (pet_owner_id) DO UPDATE
      SET full_name = excluded.full_name, first_name = excluded.first_name, last_name = excluded.last_name
      WHERE (pet_owner_names.full_name, pet_owner_names.first_name, pet_owner_names.last_name)
        IS DISTINCT FROM (excluded.full_name, excluded.first_name, excluded.last_name);
  ELSIF TG_OP = 'UPDATE' THEN
    DELETE FROM pet_owner_names WHERE pet_owner_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;

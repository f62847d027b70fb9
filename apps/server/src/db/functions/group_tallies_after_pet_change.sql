-- Statement trigger on pets: recounts the current groups of the owners whose pets changed.
CREATE OR REPLACE FUNCTION group_tallies_after_pet_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  owner_ids integer[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    owner_ids := array(SELECT DISTINCT pet_owner_id FROM new_rows WHERE pet_owner_id IS NOT NULL);
  ELSIF TG_OP = 'DELETE' THEN
    owner_ids := array(SELECT DISTINCT pet_owner_id FROM old_rows WHERE pet_owner_id IS NOT NULL);
  ELSE
    owner_ids := array(SELECT pet_owner_id FROM new_rows WHERE pet_owner_id IS NOT NULL
      UNION SELECT pet_owner_id FROM old_rows WHERE pet_owner_id IS NOT NULL);
  END IF;
  IF cardinality(owner_ids) > 0 THEN
    PERFORM group_tallies_changed(array(SELECT DISTINCT pog.group_id FROM pet_owner_groups pog
      WHERE pog.pet_owner_id IN (SELECT unnest(owner_ids)) AND pog.move_out_date IS NULL));
  END IF;
  RETURN NULL;
END $$;

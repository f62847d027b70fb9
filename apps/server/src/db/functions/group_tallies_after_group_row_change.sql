-- Statement trigger on pet_owner_groups and pre_registered_residents: recounts the groups their rows name.
CREATE OR REPLACE FUNCTION group_tallies_after_group_row_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM group_tallies_changed(array(SELECT DISTINCT group_id FROM new_rows));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM group_tallies_changed(array(SELECT DISTINCT group_id FROM old_rows));
  ELSE
    PERFORM group_tallies_changed(array(SELECT group_id FROM new_rows UNION SELECT group_id FROM old_rows));
  END IF;
  RETURN NULL;
END $$;

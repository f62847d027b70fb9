-- Statement trigger on waste_samples: recounts the properties whose samples were added, removed, moved or changed status.
CREATE OR REPLACE FUNCTION group_tallies_after_waste_sample_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM group_tallies_changed(array(SELECT DISTINCT property_id FROM new_rows WHERE property_id IS NOT NULL));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM group_tallies_changed(array(SELECT DISTINCT property_id FROM old_rows WHERE property_id IS NOT NULL));
  ELSE
    PERFORM group_tallies_changed(array(
      SELECT changed.property_id FROM (
        (SELECT id, property_id, customer_facing_status FROM new_rows EXCEPT SELECT id, property_id, customer_facing_status FROM old_rows)
        UNION ALL
        (SELECT id, property_id, customer_facing_status FROM old_rows EXCEPT SELECT id, property_id, customer_facing_status FROM new_rows)
      ) AS changed WHERE changed.property_id IS NOT NULL));
  END IF;
  RETURN NULL;
END $$;

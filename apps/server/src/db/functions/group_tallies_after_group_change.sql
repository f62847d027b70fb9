-- Statement trigger on groups: a group added, deleted, moved, (de)activated or retyped recounts it and its parents.
CREATE OR REPLACE FUNCTION group_tallies_after_group_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM group_tallies_changed(array(SELECT id FROM new_rows UNION SELECT parent_id FROM new_rows WHERE parent_id IS NOT NULL));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM group_tallies_changed(array(SELECT DISTINCT parent_id FROM old_rows WHERE parent_id IS NOT NULL));
  ELSE
    PERFORM group_tallies_changed(array(
      SELECT unnest(array[changed.id, changed.parent_id]) FROM (
        (SELECT id, parent_id, is_active, group_type FROM new_rows EXCEPT SELECT id, parent_id, is_active, group_type FROM old_rows)
        UNION ALL
        (SELECT id, parent_id, is_active, group_type FROM old_rows EXCEPT SELECT id, parent_id, is_active, group_type FROM new_rows)
      ) AS changed));
  END IF;
  RETURN NULL;
END $$;

-- Statement trigger on pet_owner_groups: keeps pet_owners_in_several_groups (owners currently in more than one group),
-- which the pets-under-group total subtracts so a pet counts once.
CREATE OR REPLACE FUNCTION several_groups_after_membership_change() RETURNS trigger LANGUAGE plpgsql AS $$
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
  WITH counts AS (
    SELECT o.id AS pet_owner_id, (SELECT count(*) FROM pet_owner_groups pog
        WHERE pog.pet_owner_id = o.id AND pog.move_out_date IS NULL) AS group_count
    FROM unnest(owner_ids) AS o(id) WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = o.id)),
  gone AS (
    DELETE FROM pet_owners_in_several_groups s WHERE s.pet_owner_id IN (SELECT unnest(owner_ids))
      AND s.pet_owner_id NOT IN (SELECT c.pet_owner_id FROM counts c WHERE c.group_count > 1))
  INSERT INTO pet_owners_in_several_groups (pet_owner_id, group_count)
    SELECT c.pet_owner_id, c.group_count FROM counts c WHERE c.group_count > 1 ORDER BY c.pet_owner_id
  ON CONFLICT (pet_owner_id) DO UPDATE SET group_count = excluded.group_count;
  RETURN NULL;
END $$;

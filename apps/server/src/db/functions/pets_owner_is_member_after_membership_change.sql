-- Statement trigger on pet_owner_groups: flips owner_is_member of the touched owners' pets where it changed, which
-- pets_owner_is_member_on_write then recomputes.
CREATE OR REPLACE FUNCTION pets_owner_is_member_after_membership_change() RETURNS trigger LANGUAGE plpgsql AS $$
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

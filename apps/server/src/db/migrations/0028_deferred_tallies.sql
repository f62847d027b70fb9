CREATE TABLE "group_tallies_pending" (
	"group_id" integer NOT NULL
);

--> statement-breakpoint
-- Hand-written from here (issue 18, the bulk import benchmark). Every tally trigger now goes through this function: it
-- recounts at once, as before, unless the transaction has set registry.group_tallies to 'deferred' (set_config(...,
-- true), so it ends with the transaction); then it only appends the touched groups to group_tallies_pending, taking no
-- tally lock, and whoever deferred recounts them after commit (db/group-tallies.ts: the import at its end and every few
-- seconds, and every start-up for what a crash left). A recount reads the source tables, so a late one is exact.
CREATE FUNCTION group_tallies_changed(group_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('registry.group_tallies', true) = 'deferred' THEN
    INSERT INTO group_tallies_pending (group_id) SELECT DISTINCT id FROM unnest(group_ids) AS id WHERE id IS NOT NULL;
  ELSE
    PERFORM refresh_group_tallies(group_ids);
  END IF;
END $$;
--> statement-breakpoint
-- The trigger functions of migrations 0001 and 0008, calling group_tallies_changed instead of refresh_group_tallies.
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
--> statement-breakpoint
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
--> statement-breakpoint
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
--> statement-breakpoint
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

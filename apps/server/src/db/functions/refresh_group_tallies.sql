-- Recounts group_tallies for the given groups and every ancestor: pet-owner groups from the source tables, each
-- ancestor as the sum of its children, with the chain's tally rows locked in key order first (docs/decisions/groups.md).
CREATE OR REPLACE FUNCTION refresh_group_tallies(start_ids integer[]) RETURNS void LANGUAGE plpgsql
SET plan_cache_mode = force_generic_plan AS $$
DECLARE
  chain integer[];
  level_ids integer[];
  level_depth integer;
BEGIN
  IF start_ids IS NULL OR cardinality(start_ids) = 0 THEN
    RETURN;
  END IF;
  chain := array(
    SELECT g.id FROM groups g WHERE g.id IN (SELECT unnest(start_ids))
    UNION
    SELECT part::integer FROM groups g, unnest(string_to_array(trim(both '/' from g.path), '/')) AS part
      WHERE g.id IN (SELECT unnest(start_ids)) AND part <> '');
  INSERT INTO group_tallies (group_id, active)
    SELECT g.id, b.active FROM groups g CROSS JOIN (VALUES (true), (false)) AS b(active)
      WHERE g.id IN (SELECT unnest(chain)) ORDER BY g.id, b.active
    ON CONFLICT DO NOTHING;
  PERFORM 1 FROM group_tallies t WHERE t.group_id IN (SELECT unnest(chain)) ORDER BY t.group_id, t.active FOR UPDATE;

  -- Pet-owner groups: the half matching the group's state holds its counts, the other half zeros.
  WITH targets AS (
    SELECT g.id, g.is_active FROM groups g WHERE g.id IN (SELECT unnest(chain)) AND g.group_type IN (3, 4)),
  members AS (
    SELECT pog.group_id,
      count(DISTINCT pog.pet_owner_id) FILTER (WHERE pog.move_out_date IS NULL) AS dog_owners,
      count(*) FILTER (WHERE pog.move_out_date IS NOT NULL) AS moved_out
    FROM pet_owner_groups pog WHERE pog.group_id IN (SELECT id FROM targets) GROUP BY pog.group_id),
  pet_counts AS (
    SELECT pog.group_id, count(*) AS pets_total,
        count(*) FILTER (WHERE p.customer_facing_status = 0) AS pets_status_0,
        count(*) FILTER (WHERE p.customer_facing_status = 10) AS pets_status_10,
        count(*) FILTER (WHERE p.customer_facing_status = 15) AS pets_status_15,
        count(*) FILTER (WHERE p.customer_facing_status = 20) AS pets_status_20,
        count(*) FILTER (WHERE p.customer_facing_status = 30) AS pets_status_30,
        count(*) FILTER (WHERE p.customer_facing_status = 40) AS pets_status_40,
        count(*) FILTER (WHERE p.customer_facing_status = 45) AS pets_status_45,
        count(*) FILTER (WHERE p.customer_facing_status = 50) AS pets_status_50,
        count(*) FILTER (WHERE p.customer_facing_status = 52) AS pets_status_52,
        count(*) FILTER (WHERE p.customer_facing_status = 55) AS pets_status_55,
        count(*) FILTER (WHERE p.customer_facing_status = 300) AS pets_status_300,
        count(*) FILTER (WHERE p.customer_facing_status = 350) AS pets_status_350,
        count(*) FILTER (WHERE p.customer_facing_status = 400) AS pets_status_400,
        count(*) FILTER (WHERE p.customer_facing_status = 500) AS pets_status_500,
      max(p.date_created) AS last_pet,
      max(p.date_updated) FILTER (WHERE p.customer_facing_status <> 0) AS last_sample
    FROM pet_owner_groups pog JOIN pets p ON p.pet_owner_id = pog.pet_owner_id
    WHERE pog.group_id IN (SELECT id FROM targets) AND pog.move_out_date IS NULL GROUP BY pog.group_id),
  residents AS (
    SELECT r.group_id,
      count(*) FILTER (WHERE r.status = 20 AND NOT r.has_dogs) AS non_dog_owners,
      count(*) FILTER (WHERE r.status = 10) AS awaiting_approval,
      count(*) AS residents_total
    FROM pre_registered_residents r WHERE r.group_id IN (SELECT id FROM targets) GROUP BY r.group_id),
  waste AS (
    SELECT w.property_id AS group_id, count(*) AS waste_total,
        count(*) FILTER (WHERE w.customer_facing_status = 0) AS waste_status_0,
        count(*) FILTER (WHERE w.customer_facing_status = 10) AS waste_status_10,
        count(*) FILTER (WHERE w.customer_facing_status = 15) AS waste_status_15,
        count(*) FILTER (WHERE w.customer_facing_status = 30) AS waste_status_30,
        count(*) FILTER (WHERE w.customer_facing_status = 300) AS waste_status_300,
        count(*) FILTER (WHERE w.customer_facing_status = 400) AS waste_status_400,
        count(*) FILTER (WHERE w.customer_facing_status = 500) AS waste_status_500
    FROM waste_samples w WHERE w.property_id IN (SELECT id FROM targets) GROUP BY w.property_id),
  halves AS (
    SELECT tg.id AS group_id, b.active, b.active = tg.is_active AS own FROM targets tg CROSS JOIN (VALUES (true), (false)) AS b(active))
  UPDATE group_tallies t SET
    subgroups = 0,
    dog_owners = coalesce(m.dog_owners, 0),
    moved_out = coalesce(m.moved_out, 0),
    non_dog_owners = coalesce(r.non_dog_owners, 0),
    awaiting_approval = coalesce(r.awaiting_approval, 0),
    residents_total = coalesce(r.residents_total, 0),
      pets_total = coalesce(pc.pets_total, 0),
      pets_status_0 = coalesce(pc.pets_status_0, 0),
      pets_status_10 = coalesce(pc.pets_status_10, 0),
      pets_status_15 = coalesce(pc.pets_status_15, 0),
      pets_status_20 = coalesce(pc.pets_status_20, 0),
      pets_status_30 = coalesce(pc.pets_status_30, 0),
      pets_status_40 = coalesce(pc.pets_status_40, 0),
      pets_status_45 = coalesce(pc.pets_status_45, 0),
      pets_status_50 = coalesce(pc.pets_status_50, 0),
      pets_status_52 = coalesce(pc.pets_status_52, 0),
      pets_status_55 = coalesce(pc.pets_status_55, 0),
      pets_status_300 = coalesce(pc.pets_status_300, 0),
      pets_status_350 = coalesce(pc.pets_status_350, 0),
      pets_status_400 = coalesce(pc.pets_status_400, 0),
      pets_status_500 = coalesce(pc.pets_status_500, 0),
    waste_total = coalesce(w.waste_total, 0),
    waste_status_0 = coalesce(w.waste_status_0, 0),
    waste_status_10 = coalesce(w.waste_status_10, 0),
    waste_status_15 = coalesce(w.waste_status_15, 0),
    waste_status_30 = coalesce(w.waste_status_30, 0),
    waste_status_300 = coalesce(w.waste_status_300, 0),
    waste_status_400 = coalesce(w.waste_status_400, 0),
    waste_status_500 = coalesce(w.waste_status_500, 0),
    last_pet = pc.last_pet,
    last_sample = pc.last_sample
  FROM halves h
    LEFT JOIN members m ON h.own AND m.group_id = h.group_id
    LEFT JOIN pet_counts pc ON h.own AND pc.group_id = h.group_id
    LEFT JOIN residents r ON h.own AND r.group_id = h.group_id
    LEFT JOIN waste w ON h.own AND w.group_id = h.group_id
  WHERE t.group_id = h.group_id AND t.active = h.active;

  -- Containers, deepest first: each half is the sum of the children's same half, plus the children themselves as
  -- subgroups in the half of their own state.
  FOR level_depth IN SELECT DISTINCT g.depth FROM groups g WHERE g.id IN (SELECT unnest(chain)) AND g.group_type NOT IN (3, 4) ORDER BY g.depth DESC LOOP
    level_ids := array(SELECT g.id FROM groups g WHERE g.id IN (SELECT unnest(chain)) AND g.group_type NOT IN (3, 4) AND g.depth = level_depth);
    WITH sums AS (
      SELECT c.parent_id AS group_id, t.active,
        sum(t.subgroups + (c.is_active = t.active)::integer) AS subgroups,
        sum(t.dog_owners) AS dog_owners,
        sum(t.moved_out) AS moved_out,
        sum(t.non_dog_owners) AS non_dog_owners,
        sum(t.awaiting_approval) AS awaiting_approval,
        sum(t.residents_total) AS residents_total,
        sum(t.pets_total) AS pets_total,
        sum(t.pets_status_0) AS pets_status_0,
        sum(t.pets_status_10) AS pets_status_10,
        sum(t.pets_status_15) AS pets_status_15,
        sum(t.pets_status_20) AS pets_status_20,
        sum(t.pets_status_30) AS pets_status_30,
        sum(t.pets_status_40) AS pets_status_40,
        sum(t.pets_status_45) AS pets_status_45,
        sum(t.pets_status_50) AS pets_status_50,
        sum(t.pets_status_52) AS pets_status_52,
        sum(t.pets_status_55) AS pets_status_55,
        sum(t.pets_status_300) AS pets_status_300,
        sum(t.pets_status_350) AS pets_status_350,
        sum(t.pets_status_400) AS pets_status_400,
        sum(t.pets_status_500) AS pets_status_500,
        sum(t.waste_total) AS waste_total,
        sum(t.waste_status_0) AS waste_status_0,
        sum(t.waste_status_10) AS waste_status_10,
        sum(t.waste_status_15) AS waste_status_15,
        sum(t.waste_status_30) AS waste_status_30,
        sum(t.waste_status_300) AS waste_status_300,
        sum(t.waste_status_400) AS waste_status_400,
        sum(t.waste_status_500) AS waste_status_500,
        max(t.last_pet) AS last_pet, max(t.last_sample) AS last_sample
      FROM groups c JOIN group_tallies t ON t.group_id = c.id
      WHERE c.parent_id IN (SELECT unnest(level_ids)) GROUP BY c.parent_id, t.active),
    halves AS (
      SELECT id AS group_id, b.active FROM unnest(level_ids) AS id CROSS JOIN (VALUES (true), (false)) AS b(active))
    UPDATE group_tallies t SET
      subgroups = coalesce(s.subgroups, 0),
      dog_owners = coalesce(s.dog_owners, 0),
      moved_out = coalesce(s.moved_out, 0),
      non_dog_owners = coalesce(s.non_dog_owners, 0),
      awaiting_approval = coalesce(s.awaiting_approval, 0),
      residents_total = coalesce(s.residents_total, 0),
      pets_total = coalesce(s.pets_total, 0),
      pets_status_0 = coalesce(s.pets_status_0, 0),
      pets_status_10 = coalesce(s.pets_status_10, 0),
      pets_status_15 = coalesce(s.pets_status_15, 0),
      pets_status_20 = coalesce(s.pets_status_20, 0),
      pets_status_30 = coalesce(s.pets_status_30, 0),
      pets_status_40 = coalesce(s.pets_status_40, 0),
      pets_status_45 = coalesce(s.pets_status_45, 0),
      pets_status_50 = coalesce(s.pets_status_50, 0),
      pets_status_52 = coalesce(s.pets_status_52, 0),
      pets_status_55 = coalesce(s.pets_status_55, 0),
      pets_status_300 = coalesce(s.pets_status_300, 0),
      pets_status_350 = coalesce(s.pets_status_350, 0),
      pets_status_400 = coalesce(s.pets_status_400, 0),
      pets_status_500 = coalesce(s.pets_status_500, 0),
      waste_total = coalesce(s.waste_total, 0),
      waste_status_0 = coalesce(s.waste_status_0, 0),
      waste_status_10 = coalesce(s.waste_status_10, 0),
      waste_status_15 = coalesce(s.waste_status_15, 0),
      waste_status_30 = coalesce(s.waste_status_30, 0),
      waste_status_300 = coalesce(s.waste_status_300, 0),
      waste_status_400 = coalesce(s.waste_status_400, 0),
      waste_status_500 = coalesce(s.waste_status_500, 0),
      last_pet = s.last_pet, last_sample = s.last_sample
    FROM halves h LEFT JOIN sums s ON s.group_id = h.group_id AND s.active = h.active
    WHERE t.group_id = h.group_id AND t.active = h.active;
  END LOOP;
END $$;

-- The one entry of every tally trigger: recounts at once, or, in a transaction that set registry.group_tallies to
-- 'deferred' (the bulk import), records the groups in group_tallies_pending for refreshDeferredTallies.
CREATE OR REPLACE FUNCTION group_tallies_changed(group_ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('registry.group_tallies', true) = 'deferred' THEN
    INSERT INTO group_tallies_pending (group_id) SELECT DISTINCT id FROM unnest(group_ids) AS id WHERE id IS NOT NULL;
  ELSE
    PERFORM refresh_group_tallies(group_ids);
  END IF;
END $$;

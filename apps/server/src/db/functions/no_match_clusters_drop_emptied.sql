-- Statement trigger on no_match_candidates: a no-match cluster left without candidates is deleted.
CREATE OR REPLACE FUNCTION no_match_clusters_drop_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM no_match_clusters k
    WHERE k.id IN (SELECT DISTINCT cluster_id FROM old_rows)
      AND NOT EXISTS (SELECT 1 FROM no_match_candidates c WHERE c.cluster_id = k.id);
  RETURN NULL;
END $$;

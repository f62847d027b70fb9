-- Statement trigger on pets: when a pet takes or gives up a sample number, appends that number's approved pet profiles
-- to dna_index_changes (under the log's advisory lock), so every process's registry index learns of it.
CREATE OR REPLACE FUNCTION dna_index_after_pet_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  numbers text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    numbers := array(SELECT DISTINCT upper(sample_number) FROM new_rows WHERE sample_number IS NOT NULL);
  ELSIF TG_OP = 'DELETE' THEN
    numbers := array(SELECT DISTINCT upper(sample_number) FROM old_rows WHERE sample_number IS NOT NULL);
  ELSE
    numbers := array(SELECT upper(n.sample_number) FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE n.sample_number IS DISTINCT FROM o.sample_number AND n.sample_number IS NOT NULL
      UNION SELECT upper(o.sample_number) FROM new_rows n JOIN old_rows o ON o.id = n.id
        WHERE n.sample_number IS DISTINCT FROM o.sample_number AND o.sample_number IS NOT NULL);
  END IF;
  IF cardinality(numbers) > 0 AND EXISTS (SELECT 1 FROM dna_profiles p
      WHERE p.sample_number = ANY (numbers) AND p.lab_status = 400 AND p.sample_type = 0) THEN
    PERFORM pg_advisory_xact_lock(727014);
    INSERT INTO dna_index_changes (dna_profile_id)
      SELECT p.id FROM dna_profiles p
      WHERE p.sample_number = ANY (numbers) AND p.lab_status = 400 AND p.sample_type = 0 ORDER BY p.id;
  END IF;
  RETURN NULL;
END $$;

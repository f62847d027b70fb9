-- Statement trigger on dna_profiles: recounts the (plate, sample number) pairs whose profiles were added, removed or
-- changed in what lab analytics reads (plate, number, typing and approval times, lab status, result).
CREATE OR REPLACE FUNCTION lab_typed_samples_after_profile_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  plate_ids integer[];
  sample_numbers text[];
BEGIN
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(k.plate_id), array_agg(k.sample_number) INTO plate_ids, sample_numbers
      FROM (SELECT DISTINCT plate_id, sample_number FROM new_rows) k;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(k.plate_id), array_agg(k.sample_number) INTO plate_ids, sample_numbers
      FROM (SELECT DISTINCT plate_id, sample_number FROM old_rows) k;
  ELSE
    SELECT array_agg(k.plate_id), array_agg(k.sample_number) INTO plate_ids, sample_numbers
      FROM (SELECT DISTINCT c.plate_id, c.sample_number FROM (
        (SELECT id, plate_id, sample_number, date_created, date_approved, lab_status, result FROM new_rows
         EXCEPT SELECT id, plate_id, sample_number, date_created, date_approved, lab_status, result FROM old_rows)
        UNION ALL
        (SELECT id, plate_id, sample_number, date_created, date_approved, lab_status, result FROM old_rows
         EXCEPT SELECT id, plate_id, sample_number, date_created, date_approved, lab_status, result FROM new_rows)
      ) c) k;
  END IF;
  IF plate_ids IS NOT NULL THEN
    PERFORM lab_typed_samples_refresh(plate_ids, sample_numbers);
  END IF;
  RETURN NULL;
END $$;

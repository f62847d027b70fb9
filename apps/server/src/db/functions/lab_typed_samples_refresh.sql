-- Recounts the lab_typed_samples rows of these (plate, sample number) pairs from their profiles. Writers of the same
-- plate's profiles, and a receipt written to the waste sample meanwhile, first wait here for each other, so the recount
-- (a fresh snapshot per statement) sees what they committed.
CREATE OR REPLACE FUNCTION lab_typed_samples_refresh(plate_ids integer[], sample_numbers text[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM 1 FROM dna_plates WHERE id = ANY (plate_ids) ORDER BY id FOR NO KEY UPDATE;
  PERFORM 1 FROM waste_samples WHERE upper(sample_number) = ANY (sample_numbers) ORDER BY id FOR SHARE;
  DELETE FROM lab_typed_samples t USING unnest(plate_ids, sample_numbers) AS k(plate_id, sample_number)
    WHERE t.plate_id = k.plate_id AND t.sample_number = k.sample_number;
  INSERT INTO lab_typed_samples (plate_id, sample_number, plate_created_at, profiles, first_typed_at, last_approved_at,
      rerun, reswab, failed, received_at)
    SELECT pr.plate_id, pr.sample_number, pl.date_created, count(*), min(pr.date_created), max(pr.date_approved),
      bool_or(pr.lab_status = 20), bool_or(pr.lab_status = 40), bool_and(pr.result = 'Fail'),
      (SELECT w.date_received FROM waste_samples w WHERE upper(w.sample_number) = pr.sample_number)
    FROM (SELECT DISTINCT * FROM unnest(plate_ids, sample_numbers) AS u(plate_id, sample_number)) k
    JOIN dna_profiles pr ON pr.plate_id = k.plate_id AND pr.sample_number = k.sample_number
    JOIN dna_plates pl ON pl.id = pr.plate_id
    GROUP BY pr.plate_id, pr.sample_number, pl.date_created;
END $$;

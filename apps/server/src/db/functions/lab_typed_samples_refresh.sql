-- Recounts the lab_typed_samples rows of these (plate, sample number) pairs from their profiles, and which of those
-- numbers are on one plate only. Writers of the same plate's or sample's profiles, and a receipt written to the waste
-- sample meanwhile, first wait here for each other, so the recount (a fresh snapshot per statement) sees what they
-- committed.
CREATE OR REPLACE FUNCTION lab_typed_samples_refresh(plate_ids integer[], sample_numbers text[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  -- One of 128 locks per number (a plate's thousands of numbers must not fill the lock table), taken in order.
  PERFORM pg_advisory_xact_lock(hashtext('lab_typed_samples'), k.slot)
    FROM (SELECT DISTINCT hashtext(n) & 127 AS slot FROM unnest(sample_numbers) AS n ORDER BY 1) k;
  PERFORM 1 FROM waste_samples WHERE upper(sample_number) = ANY (sample_numbers) ORDER BY id FOR SHARE;
  DELETE FROM lab_typed_samples t USING unnest(plate_ids, sample_numbers) AS k(plate_id, sample_number)
    WHERE t.plate_id = k.plate_id AND t.sample_number = k.sample_number;
  INSERT INTO lab_typed_samples (plate_id, sample_number, plate_created_at, profiles, first_typed_at, last_approved_at,
      rerun, reswab, failed, received_at, only_plate)
    SELECT pr.plate_id, pr.sample_number, pl.date_created, count(*), min(pr.date_created), max(pr.date_approved),
      bool_or(pr.lab_status = 20), bool_or(pr.lab_status = 40), bool_and(pr.result = 'Fail'),
      (SELECT w.date_received FROM waste_samples w WHERE upper(w.sample_number) = pr.sample_number), false
    FROM (SELECT DISTINCT * FROM unnest(plate_ids, sample_numbers) AS u(plate_id, sample_number)) k
    JOIN dna_profiles pr ON pr.plate_id = k.plate_id AND pr.sample_number = k.sample_number
    JOIN dna_plates pl ON pl.id = pr.plate_id
    GROUP BY pr.plate_id, pr.sample_number, pl.date_created;
  UPDATE lab_typed_samples t SET only_plate = c.plates = 1
    FROM (SELECT s.sample_number, count(*) AS plates FROM lab_typed_samples s
          WHERE s.sample_number = ANY (sample_numbers) GROUP BY s.sample_number) c
    WHERE t.sample_number = c.sample_number AND t.only_plate <> (c.plates = 1);
END $$;

-- Statement trigger on dna_plates: a plate's upload time moved moves its typed samples with it.
CREATE OR REPLACE FUNCTION lab_typed_samples_after_plate_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE lab_typed_samples t SET plate_created_at = n.date_created
    FROM new_rows n WHERE t.plate_id = n.id AND t.plate_created_at <> n.date_created;
  RETURN NULL;
END $$;

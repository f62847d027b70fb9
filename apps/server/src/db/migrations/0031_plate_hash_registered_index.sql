ALTER TABLE "dna_plates" ADD COLUMN "content_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "dna_plates_content_hash_key" ON "dna_plates" USING btree ("content_hash");--> statement-breakpoint
-- The registry index holds approved pet profiles whose sample number belongs to a pet. When a pet takes a sample
-- number (created, renumbered) or gives one up (renumbered, deleted), the approved pet profiles of those numbers are
-- appended to the index change log in the same transaction, under the log's advisory lock (727014, dna.queries.ts),
-- so every API process's index learns of it. Statement-level: a bulk insert of pets probes the profiles once.
CREATE FUNCTION dna_index_after_pet_change() RETURNS trigger LANGUAGE plpgsql AS $$
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
--> statement-breakpoint
CREATE TRIGGER dna_index_pet_insert AFTER INSERT ON pets REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dna_index_after_pet_change();
--> statement-breakpoint
CREATE TRIGGER dna_index_pet_update AFTER UPDATE ON pets REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dna_index_after_pet_change();
--> statement-breakpoint
CREATE TRIGGER dna_index_pet_delete AFTER DELETE ON pets REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dna_index_after_pet_change();

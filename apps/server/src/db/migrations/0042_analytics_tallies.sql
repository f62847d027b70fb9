CREATE TABLE "lab_receipts_daily" (
	"day" date NOT NULL,
	"bucket" integer,
	"samples" integer NOT NULL,
	CONSTRAINT "lab_receipts_daily_day_bucket_key" UNIQUE NULLS NOT DISTINCT("day","bucket")
);
--> statement-breakpoint
CREATE TABLE "lab_typed_samples" (
	"plate_id" integer NOT NULL,
	"sample_number" text NOT NULL,
	"plate_created_at" timestamp with time zone NOT NULL,
	"profiles" integer NOT NULL,
	"first_typed_at" timestamp with time zone NOT NULL,
	"last_approved_at" timestamp with time zone,
	"rerun" boolean NOT NULL,
	"reswab" boolean NOT NULL,
	"failed" boolean NOT NULL,
	"received_at" timestamp with time zone,
	"only_plate" boolean NOT NULL,
	CONSTRAINT "lab_typed_samples_plate_id_sample_number_pk" PRIMARY KEY("plate_id","sample_number")
);
--> statement-breakpoint
DROP INDEX "pets_owner_idx";--> statement-breakpoint
CREATE INDEX "lab_typed_samples_plate_created_idx" ON "lab_typed_samples" USING btree ("plate_created_at");--> statement-breakpoint
CREATE INDEX "lab_typed_samples_sample_number_idx" ON "lab_typed_samples" USING btree ("sample_number");--> statement-breakpoint
CREATE INDEX "pets_owner_idx" ON "pets" USING btree ("pet_owner_id","date_created");--> statement-breakpoint
-- Hand-written from here (issue 42): the lab analytics tallies kept by triggers (docs/decisions/integrations-analytics.md,
-- "Performance"), the receipt-bucket index the receipt percentiles read, and the backfill.
--> statement-breakpoint
-- A waste sample's receipt bucket: whole 6-hour steps from its collection day (midnight UTC) to its receipt. Immutable,
-- so waste_samples_receipt_bucket_idx can hold it; lab_receipts_daily counts samples per day and bucket.
CREATE OR REPLACE FUNCTION lab_receipt_bucket(received timestamptz, collected date) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT floor(extract(epoch FROM (received - (collected::timestamp AT TIME ZONE 'UTC'))) / 21600)::integer
$$;
--> statement-breakpoint
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
--> statement-breakpoint
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
--> statement-breakpoint
-- Statement trigger on dna_plates: a plate's upload time moved moves its typed samples with it.
CREATE OR REPLACE FUNCTION lab_typed_samples_after_plate_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE lab_typed_samples t SET plate_created_at = n.date_created
    FROM new_rows n WHERE t.plate_id = n.id AND t.plate_created_at <> n.date_created;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Statement trigger on waste_samples: the samples whose receipt, collection day or number changed leave their old day
-- and bucket of lab_receipts_daily (-1) and join the new ones (+1), and the typed samples of those numbers take the
-- receipt again. Additive upserts: concurrent writers wait only on the same day and bucket.
CREATE OR REPLACE FUNCTION lab_analytics_after_waste_sample_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  gone waste_samples[] := '{}';
  came waste_samples[] := '{}';
BEGIN
  IF TG_OP = 'INSERT' THEN
    came := array(SELECT n FROM new_rows n);
  ELSIF TG_OP = 'DELETE' THEN
    gone := array(SELECT o FROM old_rows o);
  ELSE
    gone := array(SELECT o FROM old_rows o WHERE NOT EXISTS (SELECT 1 FROM new_rows n WHERE n.id = o.id
      AND n.sample_number = o.sample_number AND n.date_collected IS NOT DISTINCT FROM o.date_collected
      AND n.date_received IS NOT DISTINCT FROM o.date_received));
    came := array(SELECT n FROM new_rows n WHERE NOT EXISTS (SELECT 1 FROM old_rows o WHERE o.id = n.id
      AND o.sample_number = n.sample_number AND o.date_collected IS NOT DISTINCT FROM n.date_collected
      AND o.date_received IS NOT DISTINCT FROM n.date_received));
  END IF;
  IF cardinality(gone) = 0 AND cardinality(came) = 0 THEN
    RETURN NULL;
  END IF;
  INSERT INTO lab_receipts_daily (day, bucket, samples)
    SELECT (r.date_received AT TIME ZONE 'UTC')::date, lab_receipt_bucket(r.date_received, r.date_collected), sum(r.sign)
    FROM (SELECT g.date_received, g.date_collected, -1 AS sign FROM unnest(gone) g
          UNION ALL SELECT c.date_received, c.date_collected, 1 FROM unnest(came) c) r
    WHERE r.date_received IS NOT NULL
    GROUP BY 1, 2 HAVING sum(r.sign) <> 0
  ON CONFLICT (day, bucket) DO UPDATE SET samples = lab_receipts_daily.samples + excluded.samples;
  UPDATE lab_typed_samples t
    SET received_at = (SELECT w.date_received FROM waste_samples w WHERE upper(w.sample_number) = t.sample_number)
    WHERE t.sample_number IN (SELECT upper(g.sample_number) FROM unnest(gone) g
                              UNION SELECT upper(c.sample_number) FROM unnest(came) c);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- The samples of one receipt bucket received in a period, in receipt order, without reading the table's rows.
CREATE INDEX "waste_samples_receipt_bucket_idx" ON "waste_samples"
  (lab_receipt_bucket(date_received, date_collected), date_received) INCLUDE (date_collected)
  WHERE date_received IS NOT NULL;
--> statement-breakpoint
CREATE TRIGGER waste_samples_lab_analytics_on_insert AFTER INSERT ON waste_samples
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lab_analytics_after_waste_sample_change();
--> statement-breakpoint
CREATE TRIGGER dna_profiles_lab_typed_on_insert AFTER INSERT ON dna_profiles
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lab_typed_samples_after_profile_change();
--> statement-breakpoint
CREATE TRIGGER waste_samples_lab_analytics_on_update AFTER UPDATE ON waste_samples
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lab_analytics_after_waste_sample_change();
--> statement-breakpoint
CREATE TRIGGER dna_profiles_lab_typed_on_update AFTER UPDATE ON dna_profiles
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lab_typed_samples_after_profile_change();
--> statement-breakpoint
CREATE TRIGGER waste_samples_lab_analytics_on_delete AFTER DELETE ON waste_samples
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION lab_analytics_after_waste_sample_change();
--> statement-breakpoint
CREATE TRIGGER dna_profiles_lab_typed_on_delete AFTER DELETE ON dna_profiles
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION lab_typed_samples_after_profile_change();
--> statement-breakpoint
CREATE TRIGGER dna_plates_lab_typed_on_update AFTER UPDATE ON dna_plates
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION lab_typed_samples_after_plate_change();
--> statement-breakpoint
-- The backfill: every received waste sample, and every plate's profiles.
INSERT INTO lab_receipts_daily (day, bucket, samples)
  SELECT (date_received AT TIME ZONE 'UTC')::date, lab_receipt_bucket(date_received, date_collected), count(*)
  FROM waste_samples WHERE date_received IS NOT NULL GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO lab_typed_samples (plate_id, sample_number, plate_created_at, profiles, first_typed_at, last_approved_at,
    rerun, reswab, failed, received_at, only_plate)
  SELECT x.*, count(*) OVER (PARTITION BY x.sample_number) = 1 FROM (
    SELECT pr.plate_id, pr.sample_number, pl.date_created, count(*), min(pr.date_created), max(pr.date_approved),
      bool_or(pr.lab_status = 20), bool_or(pr.lab_status = 40), bool_and(pr.result = 'Fail'), w.date_received
    FROM dna_profiles pr JOIN dna_plates pl ON pl.id = pr.plate_id
    LEFT JOIN waste_samples w ON upper(w.sample_number) = pr.sample_number
    GROUP BY pr.plate_id, pr.sample_number, pl.date_created, w.date_received) x;

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

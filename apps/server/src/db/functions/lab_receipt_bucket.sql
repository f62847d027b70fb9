-- A waste sample's receipt bucket: whole 6-hour steps from its collection day (midnight UTC) to its receipt. Immutable,
-- so waste_samples_receipt_bucket_idx can hold it; lab_receipts_daily counts samples per day and bucket.
CREATE OR REPLACE FUNCTION lab_receipt_bucket(received timestamptz, collected date) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT floor(extract(epoch FROM (received - (collected::timestamp AT TIME ZONE 'UTC'))) / 21600)::integer
$$;

-- Statement trigger on orders: keeps order_status_tallies (orders per status, spread over 16 slots by backend so
-- concurrent writers do not queue on one row), which the order lists take their unfiltered totals from.
CREATE OR REPLACE FUNCTION order_status_tallies_after_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO order_status_tallies (status, slot, orders)
      SELECT status, pg_backend_pid() % 16, -count(*) FROM old_rows GROUP BY status
      ON CONFLICT (status, slot) DO UPDATE SET orders = order_status_tallies.orders + excluded.orders;
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') THEN
    INSERT INTO order_status_tallies (status, slot, orders)
      SELECT status, pg_backend_pid() % 16, count(*) FROM new_rows GROUP BY status
      ON CONFLICT (status, slot) DO UPDATE SET orders = order_status_tallies.orders + excluded.orders;
  END IF;
  RETURN NULL;
END $$;

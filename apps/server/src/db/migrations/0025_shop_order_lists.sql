CREATE TABLE "order_status_tallies" (
	"status" smallint NOT NULL,
	"slot" smallint NOT NULL,
	"orders" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_status_tallies_status_slot_pk" PRIMARY KEY("status","slot")
);
--> statement-breakpoint
CREATE INDEX "orders_status_total_idx" ON "orders" USING btree ("status","grand_total_cents","id");--> statement-breakpoint
CREATE INDEX "orders_customer_name_idx" ON "orders" USING btree ("customer_name","id");--> statement-breakpoint
-- Hand-written: the search's trigram indexes (the list searches with lower(x) LIKE lower(pattern)) and the tally
-- triggers. A status's total is spread over 16 slots chosen by the writing backend's pid, so the checkouts of
-- different connections add to different rows and do not queue on one row lock until their commits.
CREATE INDEX "orders_customer_name_trgm_idx" ON "orders" USING gin (lower("customer_name") gin_trgm_ops) WITH (gin_pending_list_limit = 256);
--> statement-breakpoint
CREATE INDEX "orders_pet_summary_trgm_idx" ON "orders" USING gin (lower("pet_summary") gin_trgm_ops) WITH (gin_pending_list_limit = 256);
--> statement-breakpoint
CREATE FUNCTION order_status_tallies_after_change() RETURNS trigger LANGUAGE plpgsql AS $$
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
--> statement-breakpoint
CREATE TRIGGER order_status_tallies_insert AFTER INSERT ON orders REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_status_tallies_after_change();
--> statement-breakpoint
CREATE TRIGGER order_status_tallies_update AFTER UPDATE ON orders REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_status_tallies_after_change();
--> statement-breakpoint
CREATE TRIGGER order_status_tallies_delete AFTER DELETE ON orders REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION order_status_tallies_after_change();
--> statement-breakpoint
INSERT INTO order_status_tallies (status, slot, orders) SELECT status, 0, count(*) FROM orders GROUP BY status;

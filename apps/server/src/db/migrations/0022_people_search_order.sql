ALTER TABLE "pet_owner_names" ADD COLUMN "first_name" text;--> statement-breakpoint
ALTER TABLE "pet_owner_names" ADD COLUMN "last_name" text;--> statement-breakpoint
CREATE INDEX "pet_owner_names_order_idx" ON "pet_owner_names" USING btree ("last_name","first_name","pet_owner_id","full_name");--> statement-breakpoint
CREATE INDEX "pets_member_name_order_idx" ON "pets" USING btree ("name","id") WHERE "pets"."owner_is_member";--> statement-breakpoint
-- Hand-written from here (issue 13, the pet owner search at the root): the trigger of migration 0018 also copies the
-- first and last names as written (the search's order), and the rows already there take them.
CREATE OR REPLACE FUNCTION pet_owner_names_after_user_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.role_id = 3 AND lower(NEW.user_name) NOT LIKE 'res%' THEN
    INSERT INTO pet_owner_names (pet_owner_id, full_name, first_name, last_name)
      VALUES (NEW.id, lower(coalesce(NEW.first_name, '') || ' ' || coalesce(NEW.last_name, '')), NEW.first_name, NEW.last_name)
    ON CONFLICT (pet_owner_id) DO UPDATE
      SET full_name = excluded.full_name, first_name = excluded.first_name, last_name = excluded.last_name
      WHERE (pet_owner_names.full_name, pet_owner_names.first_name, pet_owner_names.last_name)
        IS DISTINCT FROM (excluded.full_name, excluded.first_name, excluded.last_name);
  ELSIF TG_OP = 'UPDATE' THEN
    DELETE FROM pet_owner_names WHERE pet_owner_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
UPDATE pet_owner_names n SET first_name = u.first_name, last_name = u.last_name FROM users u WHERE u.id = n.pet_owner_id;
--> statement-breakpoint
-- Hand-written from here (issue 13, the people benchmark): the name searches' trigram indexes keep a short pending
-- list. New entries wait in a GIN index's pending list (up to 4 MB by default) until a vacuum or the limit moves them
-- into the index, and every search reads the whole list: with a full one the pets name filter's index scan took ten
-- times as long (docs/performance.md, people). 256 kB keeps the batching of writes and bounds what a search reads.
ALTER INDEX "pets_name_trgm_idx" SET (gin_pending_list_limit = 256);
--> statement-breakpoint
ALTER INDEX "pet_owner_names_trgm_idx" SET (gin_pending_list_limit = 256);
--> statement-breakpoint
ALTER INDEX "users_full_name_trgm_idx" SET (gin_pending_list_limit = 256);

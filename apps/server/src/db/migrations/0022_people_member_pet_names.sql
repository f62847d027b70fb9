CREATE INDEX "pets_member_name_order_idx" ON "pets" USING btree ("name","id") WHERE "pets"."owner_is_member";--> statement-breakpoint
-- Hand-written from here (issue 13, the people benchmark): the name searches' trigram indexes keep a short pending
-- list. New entries wait in a GIN index's pending list (up to 4 MB by default) until a vacuum or the limit moves them
-- into the index, and every search reads the whole list: with a full one the pets name filter's index scan took ten
-- times as long (docs/performance.md, people). 256 kB keeps the batching of writes and bounds what a search reads.
ALTER INDEX "pets_name_trgm_idx" SET (gin_pending_list_limit = 256);
--> statement-breakpoint
ALTER INDEX "pet_owner_names_trgm_idx" SET (gin_pending_list_limit = 256);
--> statement-breakpoint
ALTER INDEX "users_full_name_trgm_idx" SET (gin_pending_list_limit = 256);

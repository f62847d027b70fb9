DROP INDEX "pets_owner_idx";--> statement-breakpoint
CREATE INDEX "pet_owner_groups_current_members_idx" ON "pet_owner_groups" USING btree ("group_id","pet_owner_id") WHERE "pet_owner_groups"."move_out_date" is null;--> statement-breakpoint
CREATE INDEX "pets_owner_idx" ON "pets" USING btree ("pet_owner_id","date_created");
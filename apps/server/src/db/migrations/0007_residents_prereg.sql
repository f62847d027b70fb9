CREATE TABLE "spent_bot_challenges" (
	"challenge_hash" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pre_registered_dogs" ADD COLUMN "weight" numeric(6, 2);--> statement-breakpoint
ALTER TABLE "pre_registered_residents" ADD COLUMN "other_species_policy_attested" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pre_registered_residents" ADD COLUMN "no_pets_representation_attested" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "pre_registered_dogs_resident_idx" ON "pre_registered_dogs" USING btree ("resident_id");--> statement-breakpoint
CREATE INDEX "pre_registered_residents_group_name_idx" ON "pre_registered_residents" USING btree ("group_id",lower("first_name"),lower("last_name"),"id");--> statement-breakpoint
CREATE INDEX "pre_registered_residents_user_idx" ON "pre_registered_residents" USING btree ("user_id");
-- Keys and checks the schema lacked: a group's parent, a session's previous session and impersonator, a pre-registered dog's pet;
-- enumerated columns hold only the values packages/contracts/src/enums.ts defines.
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_previous_session_id_sessions_id_fk" FOREIGN KEY ("previous_session_id") REFERENCES "public"."sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_impersonated_by_user_id_users_id_fk" FOREIGN KEY ("impersonated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_parent_id_groups_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."groups"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_registered_dogs" ADD CONSTRAINT "pre_registered_dogs_pet_id_pets_id_fk" FOREIGN KEY ("pet_id") REFERENCES "public"."pets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_id_check" CHECK ("users"."role_id" in (0, 1, 2, 3, 4, 5, 6, 7, 8));--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_group_type_check" CHECK ("groups"."group_type" in (0, 1, 2, 3, 4, 5));--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_certification_recipient_check" CHECK ("groups"."certification_recipient" in (0, 1));--> statement-breakpoint
ALTER TABLE "pets" ADD CONSTRAINT "pets_weight_unit_check" CHECK ("pets"."weight_unit" in (0, 1));--> statement-breakpoint
ALTER TABLE "pets" ADD CONSTRAINT "pets_gender_check" CHECK ("pets"."gender" in (0, 1, 2));--> statement-breakpoint
ALTER TABLE "pets" ADD CONSTRAINT "pets_customer_facing_status_check" CHECK ("pets"."customer_facing_status" in (0, 10, 15, 20, 30, 40, 45, 50, 52, 55, 300, 350, 400, 500));--> statement-breakpoint
ALTER TABLE "pre_registered_dogs" ADD CONSTRAINT "pre_registered_dogs_weight_unit_check" CHECK ("pre_registered_dogs"."weight_unit" in (0, 1));--> statement-breakpoint
ALTER TABLE "pre_registered_residents" ADD CONSTRAINT "pre_registered_residents_status_check" CHECK ("pre_registered_residents"."status" in (10, 20));--> statement-breakpoint
ALTER TABLE "pre_registered_residents" ADD CONSTRAINT "pre_registered_residents_pet_species_check" CHECK (("pre_registered_residents"."pet_species" & 2147483584) = 0);
CREATE TABLE "features" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text,
	CONSTRAINT "features_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "login_attempts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_name" text NOT NULL,
	"ip" text,
	"was_successful" boolean NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"is_persistent" boolean DEFAULT false NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"previous_session_id" integer,
	"impersonated_by_user_id" integer
);
--> statement-breakpoint
CREATE TABLE "user_features" (
	"user_id" integer NOT NULL,
	"feature_id" integer NOT NULL,
	CONSTRAINT "user_features_user_id_feature_id_pk" PRIMARY KEY("user_id","feature_id")
);
--> statement-breakpoint
CREATE TABLE "user_settings" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"dog_quick_actions" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "user_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"return_url" text
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_name" text NOT NULL,
	"email" text,
	"password_hash" text,
	"first_name" text,
	"last_name" text,
	"phone_number" text,
	"company_name" text,
	"role_id" smallint NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"receive_emails" boolean DEFAULT true NOT NULL,
	"admin_notes" text,
	"bio_pet_notes" text,
	"security_question" text,
	"security_question_answer" text,
	"address" jsonb,
	"last_login" timestamp with time zone,
	"date_approved" timestamp with time zone,
	"show_ancestry_upgrade_modal" boolean DEFAULT false NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "adjacent_properties" (
	"property_id" integer NOT NULL,
	"adjacent_property_id" integer NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "adjacent_properties_property_id_adjacent_property_id_pk" PRIMARY KEY("property_id","adjacent_property_id"),
	CONSTRAINT "adjacent_properties_ordered" CHECK ("adjacent_properties"."property_id" < "adjacent_properties"."adjacent_property_id")
);
--> statement-breakpoint
CREATE TABLE "group_admins" (
	"group_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"is_primary" boolean DEFAULT false NOT NULL,
	"date_assigned" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "group_admins_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "group_features" (
	"group_id" integer NOT NULL,
	"feature_id" integer NOT NULL,
	CONSTRAINT "group_features_group_id_feature_id_pk" PRIMARY KEY("group_id","feature_id")
);
--> statement-breakpoint
CREATE TABLE "groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"group_type" smallint NOT NULL,
	"parent_id" integer,
	"path" text NOT NULL,
	"depth" smallint DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"property_pre_register_code" text,
	"email" text,
	"phone" text,
	"website" text,
	"management_company" text,
	"number_of_units" integer,
	"certification_recipient" smallint DEFAULT 0 NOT NULL,
	"mailing_address" jsonb,
	"is_same_address" boolean DEFAULT true NOT NULL,
	"property_address" jsonb,
	"property_notes" text,
	"property_order_form_url" text,
	"property_management_software" text,
	"property_type" text,
	"resident_pay_enabled" boolean DEFAULT false NOT NULL,
	"property_registration_fee" numeric(10, 2),
	"property_dn_barcode_count" integer DEFAULT 0 NOT NULL,
	"property_td_barcode_count" integer DEFAULT 0 NOT NULL,
	"property_dn_barcode_threshold" integer DEFAULT 0 NOT NULL,
	"property_td_barcode_threshold" integer DEFAULT 0 NOT NULL,
	"logo_path" text,
	"certificate_title" text,
	"certificate_signature_name" text,
	"certificate_footer_text" text,
	"certificate_show_logo" boolean DEFAULT true NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pet_owner_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"pet_owner_id" integer NOT NULL,
	"group_id" integer NOT NULL,
	"date_added" timestamp with time zone DEFAULT now() NOT NULL,
	"move_out_date" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "pets" (
	"id" serial PRIMARY KEY NOT NULL,
	"pet_owner_id" integer,
	"name" text NOT NULL,
	"breed" text,
	"weight" numeric(6, 2),
	"weight_unit" smallint DEFAULT 0 NOT NULL,
	"gender" smallint DEFAULT 0 NOT NULL,
	"date_of_birth" date,
	"adoption_date" date,
	"sample_number" text,
	"is_service_animal" boolean DEFAULT false NOT NULL,
	"image_path" text,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_flagged" boolean DEFAULT false NOT NULL,
	"has_approved_verification_test" boolean DEFAULT false NOT NULL,
	"customer_facing_status" smallint DEFAULT 0 NOT NULL,
	"is_poo_prints" boolean DEFAULT true NOT NULL,
	"is_parentage" boolean DEFAULT false NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pre_registered_dogs" (
	"id" serial PRIMARY KEY NOT NULL,
	"resident_id" integer NOT NULL,
	"name" text NOT NULL,
	"breed" text,
	"weight_unit" smallint DEFAULT 0 NOT NULL,
	"is_service_animal" boolean DEFAULT false NOT NULL,
	"service_animal_representation_attested" boolean DEFAULT false NOT NULL,
	"date_of_birth" date,
	"adoption_date" date,
	"image_path" text,
	"pet_id" integer
);
--> statement-breakpoint
CREATE TABLE "pre_registered_residents" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"user_id" integer,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text,
	"phone_number" text,
	"unit_number" text,
	"address" jsonb,
	"has_dogs" boolean DEFAULT false NOT NULL,
	"has_other_pets" boolean DEFAULT false NOT NULL,
	"pet_species" integer DEFAULT 1 NOT NULL,
	"other_pet_species_not_listed" text,
	"dog_owner_policy_attested" boolean DEFAULT false NOT NULL,
	"status" smallint DEFAULT 10 NOT NULL,
	"is_partially_registered" boolean DEFAULT false NOT NULL,
	"agreed_document_version_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"date_pre_registered" timestamp with time zone DEFAULT now() NOT NULL,
	"date_approved" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"date_created" timestamp (3) with time zone NOT NULL,
	"user_id" integer,
	"user_name" text,
	"entity_type" text NOT NULL,
	"entity_id" text,
	"action_type" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"request_id" text,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	"sequence" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"version" integer NOT NULL,
	"content" text NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_user_id" integer
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "documents_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "email_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_name" text,
	"subject" text NOT NULL,
	"recipients" text NOT NULL,
	"body" text NOT NULL,
	"date_sent" timestamp with time zone DEFAULT now() NOT NULL,
	"was_successful" boolean NOT NULL,
	"error_message" text
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_features" ADD CONSTRAINT "user_features_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_features" ADD CONSTRAINT "user_features_feature_id_features_id_fk" FOREIGN KEY ("feature_id") REFERENCES "public"."features"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_settings" ADD CONSTRAINT "user_settings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_tokens" ADD CONSTRAINT "user_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjacent_properties" ADD CONSTRAINT "adjacent_properties_property_id_groups_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "adjacent_properties" ADD CONSTRAINT "adjacent_properties_adjacent_property_id_groups_id_fk" FOREIGN KEY ("adjacent_property_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_admins" ADD CONSTRAINT "group_admins_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_admins" ADD CONSTRAINT "group_admins_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_features" ADD CONSTRAINT "group_features_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "group_features" ADD CONSTRAINT "group_features_feature_id_features_id_fk" FOREIGN KEY ("feature_id") REFERENCES "public"."features"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pet_owner_groups" ADD CONSTRAINT "pet_owner_groups_pet_owner_id_users_id_fk" FOREIGN KEY ("pet_owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pet_owner_groups" ADD CONSTRAINT "pet_owner_groups_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pets" ADD CONSTRAINT "pets_pet_owner_id_users_id_fk" FOREIGN KEY ("pet_owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_registered_dogs" ADD CONSTRAINT "pre_registered_dogs_resident_id_pre_registered_residents_id_fk" FOREIGN KEY ("resident_id") REFERENCES "public"."pre_registered_residents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_registered_residents" ADD CONSTRAINT "pre_registered_residents_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_registered_residents" ADD CONSTRAINT "pre_registered_residents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_versions" ADD CONSTRAINT "document_versions_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_attempts_user_idx" ON "login_attempts" USING btree ("user_name","date_created");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_key" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_tokens_hash_key" ON "user_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "users_user_name_lower_key" ON "users" USING btree (lower("user_name"));--> statement-breakpoint
CREATE INDEX "users_email_lower_idx" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "adjacent_properties_adjacent_idx" ON "adjacent_properties" USING btree ("adjacent_property_id");--> statement-breakpoint
CREATE INDEX "group_admins_user_idx" ON "group_admins" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "groups_parent_idx" ON "groups" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "groups_path_idx" ON "groups" USING btree ("path" text_pattern_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "groups_prereg_code_key" ON "groups" USING btree (lower("property_pre_register_code"));--> statement-breakpoint
CREATE INDEX "pet_owner_groups_owner_idx" ON "pet_owner_groups" USING btree ("pet_owner_id");--> statement-breakpoint
CREATE INDEX "pet_owner_groups_group_idx" ON "pet_owner_groups" USING btree ("group_id");--> statement-breakpoint
CREATE INDEX "pets_owner_idx" ON "pets" USING btree ("pet_owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pets_sample_number_key" ON "pets" USING btree (upper("sample_number"));--> statement-breakpoint
CREATE INDEX "pre_registered_residents_group_idx" ON "pre_registered_residents" USING btree ("group_id","status");--> statement-breakpoint
CREATE INDEX "audit_log_date_idx" ON "audit_log" USING btree ("date_created");--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity_type","entity_id");--> statement-breakpoint
CREATE UNIQUE INDEX "audit_log_sequence_key" ON "audit_log" USING btree ("sequence");--> statement-breakpoint
CREATE UNIQUE INDEX "document_versions_doc_version_key" ON "document_versions" USING btree ("document_id","version");--> statement-breakpoint
CREATE INDEX "email_log_date_idx" ON "email_log" USING btree ("date_sent");
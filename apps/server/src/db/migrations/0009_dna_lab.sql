CREATE TABLE "dna_approval_dates" (
	"id" serial PRIMARY KEY NOT NULL,
	"sample_number" text NOT NULL,
	"dna_profile_id" integer NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dna_controls" (
	"id" serial PRIMARY KEY NOT NULL,
	"panel_id" text NOT NULL,
	"sample_type" smallint NOT NULL,
	"known_codes" integer[],
	"created_by" integer,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dna_controls_sample_type_check" CHECK ("dna_controls"."sample_type" in (2, 3, 4))
);
--> statement-breakpoint
CREATE TABLE "dna_index_changes" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"dna_profile_id" integer NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dna_plates" (
	"id" serial PRIMARY KEY NOT NULL,
	"plate_name" text NOT NULL,
	"file_name" text NOT NULL,
	"file_path" text NOT NULL,
	"panel_id" text NOT NULL,
	"plate_size" smallint NOT NULL,
	"layout" text NOT NULL,
	"controls_passed" boolean NOT NULL,
	"controls_overridden" boolean DEFAULT false NOT NULL,
	"control_problems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"wells" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_by" integer,
	"created_by_name" text,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dna_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"plate_id" integer NOT NULL,
	"sample_number" text NOT NULL,
	"sample_type" smallint NOT NULL,
	"panel_id" text NOT NULL,
	"codes" integer[] NOT NULL,
	"lab_saved_codes" integer[],
	"result" text NOT NULL,
	"fail_reasons" text[] DEFAULT '{}' NOT NULL,
	"pending_reasons" text[] DEFAULT '{}' NOT NULL,
	"diffed_markers" text[] DEFAULT '{}' NOT NULL,
	"missing_markers" text[] DEFAULT '{}' NOT NULL,
	"well" text,
	"sex" text DEFAULT 'Unknown' NOT NULL,
	"lab_status" smallint DEFAULT 0 NOT NULL,
	"is_flagged" boolean DEFAULT false NOT NULL,
	"is_gender_mismatch" boolean DEFAULT false NOT NULL,
	"is_dna_verification_certificate_revoked" boolean DEFAULT false NOT NULL,
	"date_approved" timestamp with time zone,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"last_modified" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dna_profiles_lab_status_check" CHECK ("dna_profiles"."lab_status" in (0, 20, 40, 50, 52, 300, 400)),
	CONSTRAINT "dna_profiles_sample_type_check" CHECK ("dna_profiles"."sample_type" in (0, 1, 2, 3, 4)),
	CONSTRAINT "dna_profiles_result_check" CHECK ("dna_profiles"."result" in ('Pass', 'Fail', 'Pending')),
	CONSTRAINT "dna_profiles_sample_number_upper_check" CHECK ("dna_profiles"."sample_number" = upper("dna_profiles"."sample_number"))
);
--> statement-breakpoint
ALTER TABLE "dna_approval_dates" ADD CONSTRAINT "dna_approval_dates_dna_profile_id_dna_profiles_id_fk" FOREIGN KEY ("dna_profile_id") REFERENCES "public"."dna_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dna_controls" ADD CONSTRAINT "dna_controls_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dna_plates" ADD CONSTRAINT "dna_plates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dna_profiles" ADD CONSTRAINT "dna_profiles_plate_id_dna_plates_id_fk" FOREIGN KEY ("plate_id") REFERENCES "public"."dna_plates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dna_approval_dates_sample_idx" ON "dna_approval_dates" USING btree ("sample_number");--> statement-breakpoint
CREATE INDEX "dna_controls_panel_idx" ON "dna_controls" USING btree ("panel_id");--> statement-breakpoint
CREATE UNIQUE INDEX "dna_plates_plate_name_key" ON "dna_plates" USING btree (lower("plate_name"));--> statement-breakpoint
CREATE INDEX "dna_plates_date_created_idx" ON "dna_plates" USING btree ("date_created");--> statement-breakpoint
CREATE INDEX "dna_profiles_sample_number_idx" ON "dna_profiles" USING btree ("sample_number");--> statement-breakpoint
CREATE INDEX "dna_profiles_plate_idx" ON "dna_profiles" USING btree ("plate_id");--> statement-breakpoint
CREATE INDEX "dna_profiles_lab_status_idx" ON "dna_profiles" USING btree ("lab_status","sample_type");
CREATE TABLE "fine_schedules" (
	"id" serial PRIMARY KEY NOT NULL,
	"group_id" integer NOT NULL,
	"first_offence_cents" integer NOT NULL,
	"second_offence_cents" integer NOT NULL,
	"later_offence_cents" integer NOT NULL,
	"look_back_days" integer NOT NULL,
	"days_to_respond" integer NOT NULL,
	"days_to_pay" integer NOT NULL,
	"fine_adjacent_matches" boolean DEFAULT false NOT NULL,
	"updated_by_id" integer,
	"date_updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fine_schedules_amounts_check" CHECK ("fine_schedules"."first_offence_cents" >= 0 and "fine_schedules"."second_offence_cents" >= 0 and "fine_schedules"."later_offence_cents" >= 0),
	CONSTRAINT "fine_schedules_days_check" CHECK ("fine_schedules"."look_back_days" > 0 and "fine_schedules"."days_to_respond" > 0 and "fine_schedules"."days_to_pay" > 0)
);
--> statement-breakpoint
CREATE TABLE "violation_notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"match_result_id" integer NOT NULL,
	"match_result_set_id" integer NOT NULL,
	"property_id" integer NOT NULL,
	"pet_owner_id" integer NOT NULL,
	"pet_id" integer,
	"owner_name" text NOT NULL,
	"unit_number" text,
	"pet_name" text NOT NULL,
	"pet_sample_number" text,
	"waste_sample_number" text NOT NULL,
	"date_collected" text,
	"is_adjacent_property_match" boolean DEFAULT false NOT NULL,
	"offence_number" integer NOT NULL,
	"original_cents" integer NOT NULL,
	"due_cents" integer NOT NULL,
	"status" text DEFAULT 'Issued' NOT NULL,
	"respond_by" timestamp with time zone NOT NULL,
	"pay_by" timestamp with time zone,
	"appeal_by" timestamp with time zone,
	"certificate_number" text,
	"verification_url" text,
	"dispute_reason" text,
	"reswab_requested" boolean DEFAULT false NOT NULL,
	"review_notes" text,
	"appeal_reason" text,
	"appeal_notes" text,
	"has_been_appealed" boolean DEFAULT false NOT NULL,
	"payment_reference" text,
	"date_paid" timestamp with time zone,
	"refund_reference" text,
	"void_reason" text,
	"issued_by_id" integer,
	"date_issued" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "violation_notices_status_check" CHECK ("violation_notices"."status" in ('Issued', 'Disputed', 'Upheld', 'Reduced', 'Waived', 'Appealed', 'Paid', 'Voided')),
	CONSTRAINT "violation_notices_amounts_check" CHECK ("violation_notices"."due_cents" >= 0 and "violation_notices"."original_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "violation_steps" (
	"id" serial PRIMARY KEY NOT NULL,
	"notice_id" integer NOT NULL,
	"action" text NOT NULL,
	"by_user_id" integer,
	"by_name" text,
	"notes" text,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "fine_schedules" ADD CONSTRAINT "fine_schedules_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fine_schedules" ADD CONSTRAINT "fine_schedules_updated_by_id_users_id_fk" FOREIGN KEY ("updated_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violation_notices" ADD CONSTRAINT "violation_notices_property_id_groups_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violation_notices" ADD CONSTRAINT "violation_notices_pet_owner_id_users_id_fk" FOREIGN KEY ("pet_owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violation_notices" ADD CONSTRAINT "violation_notices_issued_by_id_users_id_fk" FOREIGN KEY ("issued_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violation_steps" ADD CONSTRAINT "violation_steps_notice_id_violation_notices_id_fk" FOREIGN KEY ("notice_id") REFERENCES "public"."violation_notices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "violation_steps" ADD CONSTRAINT "violation_steps_by_user_id_users_id_fk" FOREIGN KEY ("by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "fine_schedules_group_key" ON "fine_schedules" USING btree ("group_id");--> statement-breakpoint
CREATE UNIQUE INDEX "violation_notices_result_key" ON "violation_notices" USING btree ("match_result_id");--> statement-breakpoint
CREATE INDEX "violation_notices_property_idx" ON "violation_notices" USING btree ("property_id","id");--> statement-breakpoint
CREATE INDEX "violation_notices_owner_idx" ON "violation_notices" USING btree ("pet_owner_id","date_issued");--> statement-breakpoint
CREATE INDEX "violation_steps_notice_idx" ON "violation_steps" USING btree ("notice_id","id");
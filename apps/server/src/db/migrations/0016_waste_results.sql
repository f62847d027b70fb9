CREATE TABLE "waste_match_results" (
	"id" serial PRIMARY KEY NOT NULL,
	"result_set_id" integer NOT NULL,
	"status" text NOT NULL,
	"bio_pet_notes" text,
	"matched_pet_id" integer,
	"matched_pet_dna_profile_id" integer,
	"matched_sample_number" text,
	"matched_pet_owner_id" integer,
	"sample_number_override" text,
	"is_adjacent_property_match" boolean DEFAULT false NOT NULL,
	"is_move_out" boolean DEFAULT false NOT NULL,
	"comparison" jsonb NOT NULL,
	"candidate_count" integer DEFAULT 0 NOT NULL,
	"random_match_probability" double precision,
	"likelihood_ratio" double precision,
	"one_in_text" text,
	"global_results_count" integer DEFAULT 0 NOT NULL,
	"run_count" integer DEFAULT 1 NOT NULL,
	"is_rerun" boolean DEFAULT false NOT NULL,
	"is_approved" boolean DEFAULT false NOT NULL,
	"date_approved" timestamp with time zone,
	"created_by_id" integer,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waste_match_results_status_check" CHECK ("waste_match_results"."status" in ('Match', 'NoMatch', 'NonCanine', 'Inconclusive', 'Fail', 'MultipleMatch'))
);
--> statement-breakpoint
CREATE TABLE "waste_rerun_runs" (
	"id" serial PRIMARY KEY NOT NULL,
	"job_id" text,
	"group_id" integer,
	"status" text DEFAULT 'InProgress' NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"changed" integer DEFAULT 0 NOT NULL,
	"started_by_id" integer,
	"date_started" timestamp with time zone DEFAULT now() NOT NULL,
	"date_finished" timestamp with time zone,
	CONSTRAINT "waste_rerun_runs_status_check" CHECK ("waste_rerun_runs"."status" in ('InProgress', 'Completed', 'Cancelled', 'Failed'))
);
--> statement-breakpoint
CREATE TABLE "waste_result_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"result_set_id" integer NOT NULL,
	"result_id" integer NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"date_changed" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "waste_result_sets" (
	"id" serial PRIMARY KEY NOT NULL,
	"waste_sample_id" integer NOT NULL,
	"waste_dna_profile_id" integer,
	"ready_for_matching" boolean DEFAULT false NOT NULL,
	"currently_approved_result_id" integer,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	"date_attempted" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "waste_match_results" ADD CONSTRAINT "waste_match_results_result_set_id_waste_result_sets_id_fk" FOREIGN KEY ("result_set_id") REFERENCES "public"."waste_result_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waste_match_results" ADD CONSTRAINT "waste_match_results_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waste_rerun_runs" ADD CONSTRAINT "waste_rerun_runs_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waste_rerun_runs" ADD CONSTRAINT "waste_rerun_runs_started_by_id_users_id_fk" FOREIGN KEY ("started_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waste_result_changes" ADD CONSTRAINT "waste_result_changes_result_set_id_waste_result_sets_id_fk" FOREIGN KEY ("result_set_id") REFERENCES "public"."waste_result_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waste_result_changes" ADD CONSTRAINT "waste_result_changes_result_id_waste_match_results_id_fk" FOREIGN KEY ("result_id") REFERENCES "public"."waste_match_results"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "waste_result_sets" ADD CONSTRAINT "waste_result_sets_waste_sample_id_waste_samples_id_fk" FOREIGN KEY ("waste_sample_id") REFERENCES "public"."waste_samples"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "waste_match_results_set_idx" ON "waste_match_results" USING btree ("result_set_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "waste_rerun_runs_one_in_progress" ON "waste_rerun_runs" USING btree ("status") WHERE "waste_rerun_runs"."status" = 'InProgress';--> statement-breakpoint
CREATE INDEX "waste_result_changes_set_idx" ON "waste_result_changes" USING btree ("result_set_id");--> statement-breakpoint
CREATE UNIQUE INDEX "waste_result_sets_sample_key" ON "waste_result_sets" USING btree ("waste_sample_id");--> statement-breakpoint
CREATE INDEX "waste_result_sets_attempted_idx" ON "waste_result_sets" USING btree ("date_attempted");
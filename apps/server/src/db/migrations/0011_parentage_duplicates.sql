CREATE TABLE "duplicate_cluster_reviews" (
	"id" serial PRIMARY KEY NOT NULL,
	"member_key" text NOT NULL,
	"status" smallint DEFAULT 1 NOT NULL,
	"reviewed_by" integer,
	"reviewed_by_name" text,
	"date_reviewed" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "parentage_match_result_sets" (
	"id" serial PRIMARY KEY NOT NULL,
	"puppy_pet_id" integer NOT NULL,
	"match_status" smallint DEFAULT 1 NOT NULL,
	"best_match_result_id" integer,
	"is_parentage_certified" boolean DEFAULT false NOT NULL,
	"last_attempted" timestamp with time zone,
	"status_last_updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parentage_match_result_sets_status_check" CHECK ("parentage_match_result_sets"."match_status" between 0 and 4)
);
--> statement-breakpoint
CREATE TABLE "parentage_match_results" (
	"id" serial PRIMARY KEY NOT NULL,
	"set_id" integer NOT NULL,
	"puppy_sample_number" text NOT NULL,
	"dam_sample_number" text NOT NULL,
	"sire_sample_number" text NOT NULL,
	"run_result" text NOT NULL,
	"engine_result" text NOT NULL,
	"is_overridden" boolean DEFAULT false NOT NULL,
	"bio_pet_notes" text,
	"tested_markers" smallint NOT NULL,
	"failed_markers" smallint NOT NULL,
	"combined_paternity_index" double precision,
	"probability_of_exclusion" double precision,
	"possible_mutation" boolean DEFAULT false NOT NULL,
	"markers" jsonb NOT NULL,
	"executed_by" integer,
	"executed_by_name" text,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "parentage_match_results_run_result_check" CHECK ("parentage_match_results"."run_result" in ('Certified', 'Disqualified', 'Inconclusive')),
	CONSTRAINT "parentage_match_results_engine_result_check" CHECK ("parentage_match_results"."engine_result" in ('Certified', 'Disqualified', 'Inconclusive'))
);
--> statement-breakpoint
ALTER TABLE "duplicate_cluster_reviews" ADD CONSTRAINT "duplicate_cluster_reviews_reviewed_by_users_id_fk" FOREIGN KEY ("reviewed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parentage_match_result_sets" ADD CONSTRAINT "parentage_match_result_sets_puppy_pet_id_pets_id_fk" FOREIGN KEY ("puppy_pet_id") REFERENCES "public"."pets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parentage_match_results" ADD CONSTRAINT "parentage_match_results_set_id_parentage_match_result_sets_id_fk" FOREIGN KEY ("set_id") REFERENCES "public"."parentage_match_result_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "parentage_match_results" ADD CONSTRAINT "parentage_match_results_executed_by_users_id_fk" FOREIGN KEY ("executed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "duplicate_cluster_reviews_member_key" ON "duplicate_cluster_reviews" USING btree ("member_key");--> statement-breakpoint
CREATE UNIQUE INDEX "parentage_match_result_sets_puppy_key" ON "parentage_match_result_sets" USING btree ("puppy_pet_id");--> statement-breakpoint
CREATE INDEX "parentage_match_results_set_idx" ON "parentage_match_results" USING btree ("set_id");
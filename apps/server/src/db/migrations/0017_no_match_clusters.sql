CREATE TABLE "no_match_candidates" (
	"id" serial PRIMARY KEY NOT NULL,
	"cluster_id" integer NOT NULL,
	"waste_sample_id" integer NOT NULL,
	"result_set_id" integer NOT NULL,
	"dna_profile_id" integer NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"placed_by" text DEFAULT 'Engine' NOT NULL,
	"date_approved" timestamp with time zone,
	"reviewed_by_id" integer,
	"date_added" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "no_match_candidates_status_check" CHECK ("no_match_candidates"."status" in (0, 1, 2)),
	CONSTRAINT "no_match_candidates_placed_by_check" CHECK ("no_match_candidates"."placed_by" in ('Engine', 'Lab'))
);
--> statement-breakpoint
CREATE TABLE "no_match_clusters" (
	"id" serial PRIMARY KEY NOT NULL,
	"panel_id" text NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "no_match_candidates" ADD CONSTRAINT "no_match_candidates_cluster_id_no_match_clusters_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "public"."no_match_clusters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "no_match_candidates" ADD CONSTRAINT "no_match_candidates_waste_sample_id_waste_samples_id_fk" FOREIGN KEY ("waste_sample_id") REFERENCES "public"."waste_samples"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "no_match_candidates" ADD CONSTRAINT "no_match_candidates_result_set_id_waste_result_sets_id_fk" FOREIGN KEY ("result_set_id") REFERENCES "public"."waste_result_sets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "no_match_candidates" ADD CONSTRAINT "no_match_candidates_dna_profile_id_dna_profiles_id_fk" FOREIGN KEY ("dna_profile_id") REFERENCES "public"."dna_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "no_match_candidates" ADD CONSTRAINT "no_match_candidates_reviewed_by_id_users_id_fk" FOREIGN KEY ("reviewed_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "no_match_candidates_sample_key" ON "no_match_candidates" USING btree ("waste_sample_id");--> statement-breakpoint
CREATE INDEX "no_match_candidates_cluster_idx" ON "no_match_candidates" USING btree ("cluster_id");--> statement-breakpoint
CREATE INDEX "no_match_candidates_profile_idx" ON "no_match_candidates" USING btree ("dna_profile_id");
ALTER TABLE "waste_match_results" ADD COLUMN "is_analyst_override" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "waste_match_results" ADD COLUMN "disagreeing_markers" jsonb;
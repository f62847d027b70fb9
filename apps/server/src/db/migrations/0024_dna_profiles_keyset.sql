DROP INDEX "dna_profiles_lab_status_idx";--> statement-breakpoint
CREATE INDEX "dna_profiles_lab_status_id_idx" ON "dna_profiles" USING btree ("lab_status","sample_type","id");
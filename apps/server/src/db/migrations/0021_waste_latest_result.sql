ALTER TABLE "waste_result_sets" ADD COLUMN "latest_result_id" integer;--> statement-breakpoint
ALTER TABLE "waste_result_sets" ADD COLUMN "latest_status" text;--> statement-breakpoint
ALTER TABLE "waste_result_sets" ADD COLUMN "latest_change_id" integer;--> statement-breakpoint
CREATE INDEX "waste_result_sets_latest_status_idx" ON "waste_result_sets" USING btree ("latest_status");--> statement-breakpoint
-- Hand-written from here (issue 22). The backfill of the denormalised latest result and latest change of each set.
UPDATE "waste_result_sets" s SET "latest_result_id" = l.id, "latest_status" = l.status
  FROM (SELECT DISTINCT ON (result_set_id) result_set_id, id, status FROM "waste_match_results"
        ORDER BY result_set_id, id DESC) l
  WHERE l.result_set_id = s.id;
--> statement-breakpoint
UPDATE "waste_result_sets" s SET "latest_change_id" = c.id
  FROM (SELECT result_set_id, max(id) AS id FROM "waste_result_changes" GROUP BY result_set_id) c
  WHERE c.result_set_id = s.id;
--> statement-breakpoint
-- A no-match cluster goes with its last candidate, in the transaction that removes or moves it: whatever removes it
-- (its waste sample, result set or profile deleted, a cascade from another module, a move to another cluster).
CREATE FUNCTION no_match_clusters_drop_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM no_match_clusters k
    WHERE k.id IN (SELECT DISTINCT cluster_id FROM old_rows)
      AND NOT EXISTS (SELECT 1 FROM no_match_candidates c WHERE c.cluster_id = k.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER no_match_candidates_drop_emptied_on_delete AFTER DELETE ON no_match_candidates
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION no_match_clusters_drop_emptied();
--> statement-breakpoint
CREATE TRIGGER no_match_candidates_drop_emptied_on_update AFTER UPDATE ON no_match_candidates
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION no_match_clusters_drop_emptied();
--> statement-breakpoint
-- Clusters already left empty by earlier deletes.
DELETE FROM no_match_clusters k WHERE NOT EXISTS (SELECT 1 FROM no_match_candidates c WHERE c.cluster_id = k.id);

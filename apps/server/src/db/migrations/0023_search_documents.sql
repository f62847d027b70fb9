DROP INDEX "users_search_idx";--> statement-breakpoint
DROP INDEX "pre_registered_residents_search_idx";--> statement-breakpoint
-- Hand-written (drizzle-kit has no tsvector type). The universal search ranks its matches with ts_rank, which needs
-- each match's document: computed from the row every time, that was most of a search whose word is common (a last name
-- shared by 24,000 owners and residents: 120-165 ms at full size). Stored, the rank reads it (docs/performance.md).
ALTER TABLE "users" ADD COLUMN "search_doc" tsvector GENERATED ALWAYS AS (to_tsvector('simple', coalesce("first_name", '') || ' ' || coalesce("last_name", '') || ' ' || "user_name" || ' ' || coalesce("email", '') || ' ' || coalesce("phone_number", ''))) STORED;
--> statement-breakpoint
CREATE INDEX "users_search_doc_idx" ON "users" USING gin ("search_doc");
--> statement-breakpoint
ALTER TABLE "pre_registered_residents" ADD COLUMN "search_doc" tsvector GENERATED ALWAYS AS (to_tsvector('simple', "first_name" || ' ' || "last_name" || ' ' || coalesce("email", '') || ' ' || coalesce("phone_number", ''))) STORED;
--> statement-breakpoint
CREATE INDEX "pre_registered_residents_search_doc_idx" ON "pre_registered_residents" USING gin ("search_doc");

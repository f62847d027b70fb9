CREATE TABLE "audit_chain_heads" (
	"chain" smallint PRIMARY KEY NOT NULL,
	"sequence" bigint NOT NULL,
	"hash" text NOT NULL
);
--> statement-breakpoint
DROP INDEX "audit_log_sequence_key";--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "chain" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_log_chain_sequence_key" ON "audit_log" USING btree ("chain","sequence");--> statement-breakpoint
-- Hand-written: every entry so far is on chain 0; its head is its last entry.
INSERT INTO "audit_chain_heads" ("chain", "sequence", "hash")
  SELECT DISTINCT ON ("chain") "chain", "sequence", "hash" FROM "audit_log" ORDER BY "chain", "sequence" DESC;

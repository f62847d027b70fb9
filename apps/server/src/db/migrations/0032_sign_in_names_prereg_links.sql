CREATE TABLE "user_sign_in_names" (
	"user_name" text NOT NULL,
	"user_id" integer NOT NULL,
	"date_created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "user_sign_in_names" ADD CONSTRAINT "user_sign_in_names_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "user_sign_in_names_lower_key" ON "user_sign_in_names" USING btree (lower("user_name"));--> statement-breakpoint
CREATE INDEX "user_sign_in_names_user_idx" ON "user_sign_in_names" USING btree ("user_id");--> statement-breakpoint
-- Data fix. Approvals made while the approval popup left out each dog's pre-registered id created pets without linking
-- the pre-registered dogs, so the resident stayed "Partially registered" and could be approved again. Link each such dog
-- to the owner's earliest same-named pet that no other pre-registered dog holds; the second copies a repeated approval
-- made stay for staff (docs/decisions.md, "Pre-registration approval").
UPDATE "pre_registered_dogs" d SET "pet_id" = (
  SELECT p."id" FROM "pets" p
  WHERE p."pet_owner_id" = r."user_id" AND lower(btrim(p."name")) = lower(btrim(d."name"))
    AND NOT EXISTS (SELECT 1 FROM "pre_registered_dogs" o WHERE o."pet_id" = p."id")
  ORDER BY p."id" LIMIT 1)
FROM "pre_registered_residents" r
WHERE d."resident_id" = r."id" AND d."pet_id" IS NULL AND r."status" = 20 AND r."user_id" IS NOT NULL
  AND EXISTS (
    SELECT 1 FROM "pets" p
    WHERE p."pet_owner_id" = r."user_id" AND lower(btrim(p."name")) = lower(btrim(d."name"))
      AND NOT EXISTS (SELECT 1 FROM "pre_registered_dogs" o WHERE o."pet_id" = p."id"));
--> statement-breakpoint
UPDATE "pre_registered_residents" r SET "is_partially_registered" = EXISTS (
  SELECT 1 FROM "pre_registered_dogs" d WHERE d."resident_id" = r."id" AND d."pet_id" IS NULL)
WHERE r."status" = 20 AND r."is_partially_registered";
--> statement-breakpoint
-- Residents approved before: their RES number (RES and the user id in seven digits) signs them in again.
INSERT INTO "user_sign_in_names" ("user_name", "user_id")
SELECT 'RES' || lpad(u."id"::text, 7, '0'), u."id" FROM "users" u
WHERE EXISTS (SELECT 1 FROM "pre_registered_residents" r WHERE r."user_id" = u."id" AND r."status" = 20)
  AND u."user_name" NOT ILIKE 'RES%'
  AND NOT EXISTS (SELECT 1 FROM "users" o WHERE lower(o."user_name") = lower('RES' || lpad(u."id"::text, 7, '0')))
ON CONFLICT DO NOTHING;

-- One account per email. A database that already holds two accounts with one email keeps its plain index (the services
-- still refuse a second account for an email) and says so, instead of failing the migration and the start-up; staff
-- merge those accounts and then create the unique index by hand (docs/operations.md, "One account per email").
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM "users" WHERE "email" IS NOT NULL GROUP BY lower("email") HAVING count(*) > 1) THEN
    RAISE WARNING 'users share an email: the unique email index was not created; merge those accounts';
  ELSE
    DROP INDEX IF EXISTS "users_email_lower_idx";
    CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));
  END IF;
END $$;

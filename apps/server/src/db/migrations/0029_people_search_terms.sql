-- Hand-written (issue 18, universal search p99). The universal search matched pet owners and residents with a GIN index
-- on their stored documents (0023), but it ranks and counts every match: for a common last name (24,000 matches at full
-- size) that read almost every page of the two wide tables. Here each pet owner's and resident's words are rows of a
-- narrow table whose primary key holds the word, the person and their title's sort key, so the search reads the
-- matches of a word prefix as one range of that index (an index-only scan) and fetches the rows of the shown page only.
-- Kept by statement triggers on users and pre_registered_residents, in the writing transaction; the stored documents
-- and their GIN indexes have no reader left and go (docs/decisions.md "Universal search words").
CREATE TABLE "people_search_terms" (
	-- A word of the person's text-search document ('simple' configuration), compared byte-wise so a prefix is a range.
	"term" text COLLATE "C" NOT NULL,
	-- 1: a pet owner (users.id, role PetOwner); 2: a pre-registered resident (pre_registered_residents.id).
	"kind" smallint NOT NULL,
	"entity_id" integer NOT NULL,
	-- lower() of the title the search shows for the person, the order of hits of equal rank.
	"sort_key" text NOT NULL,
	-- The person's word before this one in byte order (null for their first). A person's words starting with a prefix
	-- follow each other in that order, so the first of them is the one whose previous word does not start with it:
	-- the search counts each person once per query word without grouping their matches.
	"previous_term" text COLLATE "C",
	CONSTRAINT "people_search_terms_pkey" PRIMARY KEY ("term", "kind", "entity_id") INCLUDE ("sort_key", "previous_term")
);
--> statement-breakpoint
-- The documents (the same text as 0023's stored columns) and titles, one definition each for the triggers and the fill.
CREATE FUNCTION pet_owner_search_terms(first_name text, last_name text, user_name text, email text, phone_number text)
  RETURNS TABLE (term text, previous_term text, sort_key text) LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT w.lexeme, lag(w.lexeme) OVER (ORDER BY w.lexeme COLLATE "C"), lower(trim(concat_ws(' ', first_name, last_name)))
  FROM unnest(to_tsvector('simple', coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || user_name || ' '
    || coalesce(email, '') || ' ' || coalesce(phone_number, ''))) w
$$;
--> statement-breakpoint
CREATE FUNCTION resident_search_terms(first_name text, last_name text, email text, phone_number text)
  RETURNS TABLE (term text, previous_term text, sort_key text) LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT w.lexeme, lag(w.lexeme) OVER (ORDER BY w.lexeme COLLATE "C"), lower(first_name || ' ' || last_name)
  FROM unnest(to_tsvector('simple', first_name || ' ' || last_name || ' ' || coalesce(email, '') || ' '
    || coalesce(phone_number, ''))) w
$$;
--> statement-breakpoint
-- Inserts and deletes: statement triggers, so a bulk write (an import, the benchmark's population) adds its words in
-- one insert, in word order: the rows of one word then lie together in the table too, which keeps a search cheap where
-- the visibility map is behind (before a vacuum has passed over a large write, the index-only scan reads each entry's
-- table row). Only pet owners are searched.
CREATE FUNCTION people_search_terms_after_users() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM people_search_terms t USING old_rows o, pet_owner_search_terms(o.first_name, o.last_name, o.user_name, o.email, o.phone_number) w
      WHERE o.role_id = 3 AND t.term = w.term AND t.kind = 1 AND t.entity_id = o.id;
  ELSE
    INSERT INTO people_search_terms (term, kind, entity_id, sort_key, previous_term)
      SELECT w.term, 1, n.id, w.sort_key, w.previous_term FROM new_rows n, pet_owner_search_terms(n.first_name, n.last_name, n.user_name, n.email, n.phone_number) w
        WHERE n.role_id = 3
      ORDER BY 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER people_search_terms_users_insert AFTER INSERT ON users REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION people_search_terms_after_users();
--> statement-breakpoint
CREATE TRIGGER people_search_terms_users_delete AFTER DELETE ON users REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION people_search_terms_after_users();
--> statement-breakpoint
CREATE FUNCTION people_search_terms_after_residents() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM people_search_terms t USING old_rows o, resident_search_terms(o.first_name, o.last_name, o.email, o.phone_number) w
      WHERE t.term = w.term AND t.kind = 2 AND t.entity_id = o.id;
  ELSE
    INSERT INTO people_search_terms (term, kind, entity_id, sort_key, previous_term)
      SELECT w.term, 2, n.id, w.sort_key, w.previous_term FROM new_rows n, resident_search_terms(n.first_name, n.last_name, n.email, n.phone_number) w
      ORDER BY 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER people_search_terms_residents_insert AFTER INSERT ON pre_registered_residents REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION people_search_terms_after_residents();
--> statement-breakpoint
CREATE TRIGGER people_search_terms_residents_delete AFTER DELETE ON pre_registered_residents REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION people_search_terms_after_residents();
--> statement-breakpoint
-- Updates: row triggers that fire only when a column of the document, the title or the role changes (a sign-in's
-- last_login runs nothing). They remove the words the row no longer has and add the new ones; a user who becomes or
-- stops being a pet owner gains or loses their words.
CREATE FUNCTION people_search_terms_after_user_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM people_search_terms t USING (
      SELECT w.term, w.previous_term, w.sort_key FROM pet_owner_search_terms(OLD.first_name, OLD.last_name, OLD.user_name, OLD.email, OLD.phone_number) w
        WHERE OLD.role_id = 3
      EXCEPT
      SELECT w.term, w.previous_term, w.sort_key FROM pet_owner_search_terms(NEW.first_name, NEW.last_name, NEW.user_name, NEW.email, NEW.phone_number) w
        WHERE NEW.role_id = 3) gone
    WHERE t.term = gone.term AND t.kind = 1 AND t.entity_id = OLD.id;
  INSERT INTO people_search_terms (term, kind, entity_id, sort_key, previous_term)
    SELECT w.term, 1, NEW.id, w.sort_key, w.previous_term FROM pet_owner_search_terms(NEW.first_name, NEW.last_name, NEW.user_name, NEW.email, NEW.phone_number) w
      WHERE NEW.role_id = 3
    EXCEPT
    SELECT w.term, 1, OLD.id, w.sort_key, w.previous_term FROM pet_owner_search_terms(OLD.first_name, OLD.last_name, OLD.user_name, OLD.email, OLD.phone_number) w
      WHERE OLD.role_id = 3;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER people_search_terms_users_update AFTER UPDATE OF first_name, last_name, user_name, email, phone_number, role_id ON users
  FOR EACH ROW WHEN ((OLD.first_name, OLD.last_name, OLD.user_name, OLD.email, OLD.phone_number, OLD.role_id)
    IS DISTINCT FROM (NEW.first_name, NEW.last_name, NEW.user_name, NEW.email, NEW.phone_number, NEW.role_id))
  EXECUTE FUNCTION people_search_terms_after_user_update();
--> statement-breakpoint
CREATE FUNCTION people_search_terms_after_resident_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM people_search_terms t USING (
      SELECT w.term, w.previous_term, w.sort_key FROM resident_search_terms(OLD.first_name, OLD.last_name, OLD.email, OLD.phone_number) w
      EXCEPT
      SELECT w.term, w.previous_term, w.sort_key FROM resident_search_terms(NEW.first_name, NEW.last_name, NEW.email, NEW.phone_number) w) gone
    WHERE t.term = gone.term AND t.kind = 2 AND t.entity_id = OLD.id;
  INSERT INTO people_search_terms (term, kind, entity_id, sort_key, previous_term)
    SELECT w.term, 2, NEW.id, w.sort_key, w.previous_term FROM resident_search_terms(NEW.first_name, NEW.last_name, NEW.email, NEW.phone_number) w
    EXCEPT
    SELECT w.term, 2, OLD.id, w.sort_key, w.previous_term FROM resident_search_terms(OLD.first_name, OLD.last_name, OLD.email, OLD.phone_number) w;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER people_search_terms_residents_update AFTER UPDATE OF first_name, last_name, email, phone_number ON pre_registered_residents
  FOR EACH ROW WHEN ((OLD.first_name, OLD.last_name, OLD.email, OLD.phone_number)
    IS DISTINCT FROM (NEW.first_name, NEW.last_name, NEW.email, NEW.phone_number))
  EXECUTE FUNCTION people_search_terms_after_resident_update();
--> statement-breakpoint
INSERT INTO people_search_terms (term, kind, entity_id, sort_key, previous_term)
  SELECT w.term, 1, u.id, w.sort_key, w.previous_term FROM users u, pet_owner_search_terms(u.first_name, u.last_name, u.user_name, u.email, u.phone_number) w
  WHERE u.role_id = 3
  ORDER BY 1;
--> statement-breakpoint
INSERT INTO people_search_terms (term, kind, entity_id, sort_key, previous_term)
  SELECT w.term, 2, r.id, w.sort_key, w.previous_term FROM pre_registered_residents r, resident_search_terms(r.first_name, r.last_name, r.email, r.phone_number) w
  ORDER BY 1;
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "search_doc";
--> statement-breakpoint
ALTER TABLE "pre_registered_residents" DROP COLUMN "search_doc";

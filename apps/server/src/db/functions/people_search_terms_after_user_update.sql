-- Row trigger on users updates that change a searched column or the role: removes the words the row no longer has and
-- adds the new ones (only pet owners have words).
CREATE OR REPLACE FUNCTION people_search_terms_after_user_update() RETURNS trigger LANGUAGE plpgsql AS $$
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

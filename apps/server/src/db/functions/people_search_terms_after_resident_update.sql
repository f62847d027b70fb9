-- Row trigger on pre_registered_residents updates that change a searched column: replaces the changed words.
CREATE OR REPLACE FUNCTION people_search_terms_after_resident_update() RETURNS trigger LANGUAGE plpgsql AS $$
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

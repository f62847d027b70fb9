-- Statement trigger on pre_registered_residents (insert, delete): adds or removes residents' words in
-- people_search_terms.
CREATE OR REPLACE FUNCTION people_search_terms_after_residents() RETURNS trigger LANGUAGE plpgsql AS $$
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

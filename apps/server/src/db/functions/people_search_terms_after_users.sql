-- Statement trigger on users (insert, delete): adds or removes pet owners' words in people_search_terms, a bulk write in
-- one insert in word order.
CREATE OR REPLACE FUNCTION people_search_terms_after_users() RETURNS trigger LANGUAGE plpgsql AS $$
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

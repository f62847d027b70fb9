-- A pre-registered resident's universal-search words (names, email, phone), as pet_owner_search_terms.
CREATE OR REPLACE FUNCTION resident_search_terms(first_name text, last_name text, email text, phone_number text)
  RETURNS TABLE (term text, previous_term text, sort_key text) LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT w.lexeme, lag(w.lexeme) OVER (ORDER BY w.lexeme COLLATE "C"), lower(first_name || ' ' || last_name)
  FROM unnest(to_tsvector('simple', first_name || ' ' || last_name || ' ' || coalesce(email, '') || ' '
    || coalesce(phone_number, ''))) w
$$;

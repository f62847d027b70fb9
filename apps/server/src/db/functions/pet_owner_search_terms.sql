-- A pet owner's universal-search words (first and last name, user name, email, phone) with each word's predecessor in
-- byte order and the title's sort key: the one definition the triggers and the fill share.
CREATE OR REPLACE FUNCTION pet_owner_search_terms(first_name text, last_name text, user_name text, email text, phone_number text)
  RETURNS TABLE (term text, previous_term text, sort_key text) LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT w.lexeme, lag(w.lexeme) OVER (ORDER BY w.lexeme COLLATE "C"), lower(trim(concat_ws(' ', first_name, last_name)))
  FROM unnest(to_tsvector('simple', coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || user_name || ' '
    || coalesce(email, '') || ' ' || coalesce(phone_number, ''))) w
$$;

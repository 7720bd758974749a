-- One rule for the characters of lead text (lib/leads/lead-text.ts), for the lead's names and its attribution alike:
--   * refused: C0 and C1 controls, DEL, the line and paragraph separators (U+2028, U+2029), and the direction marks,
--     embeddings, overrides and isolates (U+061C, U+200E, U+200F, U+202A-202E, U+2066-2069), which fake lines and
--     reorder text in alerts and sales tools;
--   * never stored: the zero-width characters and the byte order mark (U+200B-200D, U+2060, U+FEFF), which the route
--     removes before storing;
--   * the company and the contact's name never start with what a spreadsheet runs as a formula (= + - @).
-- The new constraints are NOT VALID: rows stored before keep their text, every row inserted from now on must follow
-- the rule. Replacing is_tracking_text applies the wider class to the attribution columns' existing CHECKs.

create function public.is_lead_text(value text) returns boolean
  language sql immutable parallel safe set search_path = ''
  as $$ select value !~ '[\u0001-\u001f\u007f-\u009f\u061c\u200b-\u200f\u2028-\u202e\u2060\u2066-\u2069\ufeff]' $$;

comment on function public.is_lead_text(text) is 'CHECK rule of any lead text: no control, separator, direction or invisible characters (lib/leads/lead-text.ts).';

create or replace function public.is_tracking_text(value text, max_length integer) returns boolean
  language sql immutable parallel safe set search_path = ''
  as $$ select char_length(value) between 1 and max_length and value = btrim(value) and public.is_lead_text(value) $$;

alter table public.contact_submissions
  add constraint contact_submissions_company_text_check
    check (public.is_lead_text(company) and company !~ '^[-=+@]') not valid,
  add constraint contact_submissions_contact_name_text_check
    check (public.is_lead_text(contact_name) and contact_name !~ '^[-=+@]') not valid;

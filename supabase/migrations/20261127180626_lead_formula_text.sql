-- Lead text that a spreadsheet or a CRM may read never starts like a formula: `=`, `+`, `-` or `@` (a leading tab or
-- carriage return is a control character, which the earlier rules refuse in every text column).
-- lib/leads/lead-fields.ts declares what the route does with such text, column by column (`spreadsheet`), and these
-- checks agree with it:
--   * company, contact_name: refused (20261125000415_lead_text_rules.sql);
--   * email: refused, by the form and the route alike (lib/contact/email-rule.ts);
--   * the campaign parameters (first_utm_*, last_utm_*): the route keeps such a value behind an apostrophe
--     ('=HYPERLINK(…)), so the stored row, the webhook and the email to sales carry the same text;
--   * the click ids: the route drops such a value.
-- Every other text column holds only values the site makes (a list, a pattern, an http(s) URL; the phone in E.164 is
-- `+` and digits, a number to a spreadsheet), none of them a formula; tests/integration/migrations.test.ts tries each
-- text column with each such start.
-- NOT VALID: rows stored before keep their text, every row inserted from now on must follow the rule. A site still
-- running the previous version keeps storing leads while this is applied: a campaign value it did not neutralise
-- fails only the lead's attribution, and the lead is stored without it.

create function public.starts_like_formula(value text) returns boolean
  language sql immutable parallel safe set search_path = ''
  as $$ select value ~ '^[-=+@]' $$;

comment on function public.starts_like_formula(text) is 'Whether a spreadsheet would run the text as a formula (lib/leads/lead-text.ts): no lead text a spreadsheet may read starts so.';

alter table public.contact_submissions
  add constraint contact_submissions_email_formula_check check (not public.starts_like_formula(email)) not valid,
  add constraint contact_submissions_first_utm_source_formula_check check (not public.starts_like_formula(first_utm_source)) not valid,
  add constraint contact_submissions_first_utm_medium_formula_check check (not public.starts_like_formula(first_utm_medium)) not valid,
  add constraint contact_submissions_first_utm_campaign_formula_check check (not public.starts_like_formula(first_utm_campaign)) not valid,
  add constraint contact_submissions_first_utm_term_formula_check check (not public.starts_like_formula(first_utm_term)) not valid,
  add constraint contact_submissions_first_utm_content_formula_check check (not public.starts_like_formula(first_utm_content)) not valid,
  add constraint contact_submissions_first_gclid_formula_check check (not public.starts_like_formula(first_gclid)) not valid,
  add constraint contact_submissions_first_gbraid_formula_check check (not public.starts_like_formula(first_gbraid)) not valid,
  add constraint contact_submissions_first_wbraid_formula_check check (not public.starts_like_formula(first_wbraid)) not valid,
  add constraint contact_submissions_first_fbclid_formula_check check (not public.starts_like_formula(first_fbclid)) not valid,
  add constraint contact_submissions_first_msclkid_formula_check check (not public.starts_like_formula(first_msclkid)) not valid,
  add constraint contact_submissions_last_utm_source_formula_check check (not public.starts_like_formula(last_utm_source)) not valid,
  add constraint contact_submissions_last_utm_medium_formula_check check (not public.starts_like_formula(last_utm_medium)) not valid,
  add constraint contact_submissions_last_utm_campaign_formula_check check (not public.starts_like_formula(last_utm_campaign)) not valid,
  add constraint contact_submissions_last_utm_term_formula_check check (not public.starts_like_formula(last_utm_term)) not valid,
  add constraint contact_submissions_last_utm_content_formula_check check (not public.starts_like_formula(last_utm_content)) not valid,
  add constraint contact_submissions_last_gclid_formula_check check (not public.starts_like_formula(last_gclid)) not valid,
  add constraint contact_submissions_last_gbraid_formula_check check (not public.starts_like_formula(last_gbraid)) not valid,
  add constraint contact_submissions_last_wbraid_formula_check check (not public.starts_like_formula(last_wbraid)) not valid,
  add constraint contact_submissions_last_fbclid_formula_check check (not public.starts_like_formula(last_fbclid)) not valid,
  add constraint contact_submissions_last_msclkid_formula_check check (not public.starts_like_formula(last_msclkid)) not valid;

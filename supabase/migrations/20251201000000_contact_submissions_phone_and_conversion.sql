-- Phones are stored parsed: `phone` holds the national significant number's digits (what sales dial after the
-- prefix), `phone_e164` the international form (+<country code><national number>) for sales tools and Meta.
-- `conversion_reported_at` records when the meta-conversion function reported the lead, so a lead is reported
-- to Meta once; only the service role (the function) writes it. Anon's INSERT grant is narrowed to the columns
-- the site writes: created_at and conversion_reported_at always take their defaults.

alter table public.contact_submissions
  add column phone_e164 text,
  add column conversion_reported_at timestamptz;

-- NOT VALID: rows stored before this migration keep their typed phone and have no E.164 form; every row
-- inserted or updated from now on must satisfy the new rules.
alter table public.contact_submissions
  drop constraint contact_submissions_phone_check,
  add constraint contact_submissions_phone_check check (phone ~ '^[0-9]{4,15}$') not valid,
  add constraint contact_submissions_phone_e164_check
    check (phone_e164 is not null and phone_e164 ~ '^\+[1-9][0-9]{6,14}$' and phone_e164 = '+' || phone_prefix || phone) not valid;

comment on column public.contact_submissions.phone is 'National significant number, digits only (no prefix, no trunk 0); the country code is phone_prefix.';
comment on column public.contact_submissions.phone_e164 is 'The phone in E.164 (+<phone_prefix><phone>).';
comment on column public.contact_submissions.conversion_reported_at is 'When the Lead conversion was reported to Meta; written only by the meta-conversion function (service role).';

revoke insert on table public.contact_submissions from anon;
grant insert (id, company, contact_name, email, phone_prefix, phone, phone_e164, country, reason, volume, market)
  on table public.contact_submissions to anon;

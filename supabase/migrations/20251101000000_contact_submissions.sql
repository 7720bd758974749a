-- Leads from the landing page's contact form. Mirrors lib/contact/contact-schema.ts: same allowed values
-- (lib/contact/options.ts), same lengths (FIELD_LIMITS), trimmed text. Runs unchanged on Supabase, on a plain
-- PostgreSQL 15 and on the embedded PGlite (tests/unit/contact-schema.test.ts checks the values agree).

-- Supabase creates these roles; a plain PostgreSQL or PGlite does not.
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'anon') then create role anon nologin; end if;
  if not exists (select 1 from pg_roles where rolname = 'authenticated') then create role authenticated nologin; end if;
  if not exists (select 1 from pg_roles where rolname = 'service_role') then create role service_role nologin bypassrls; end if;
end
$$;

create table public.contact_submissions (
  id uuid primary key,
  created_at timestamptz not null default now(),
  company text not null check (char_length(company) between 1 and 200 and company = btrim(company)),
  contact_name text not null check (char_length(contact_name) between 1 and 200 and contact_name = btrim(contact_name)),
  email text not null check (char_length(email) between 3 and 254 and email ~ '^[^@\s]+@[^@\s]+\.[^@\s]+$'),
  phone_prefix text not null check (phone_prefix in ('52', '1', '54', '55', '57')),
  phone text not null check (char_length(phone) between 6 and 32 and phone ~ '^[0-9][0-9 -]*[0-9]$'),
  country text not null check (country in ('usa', 'argentina', 'brazil', 'colombia', 'other')),
  reason text not null check (reason in ('goods', 'services', 'contractors', 'invoice', 'other')),
  volume text not null check (volume in ('0-4999', '5000-9999', '10000-49999', '50000-99999', '100000-plus')),
  market text not null check (market in ('mx', 'br', 'ar'))
);

comment on table public.contact_submissions is 'Contact requests from the public landing page; the anonymous role may only insert.';

alter table public.contact_submissions enable row level security;

-- The public site inserts with the anonymous key and can never read, change or delete a lead.
grant usage on schema public to anon, authenticated, service_role;
revoke all on table public.contact_submissions from public, anon, authenticated;
grant insert on table public.contact_submissions to anon;
grant all on table public.contact_submissions to service_role;

create policy "anon can insert leads" on public.contact_submissions
  for insert to anon
  with check (true);

-- What the project's anon key can insert, bounded. The key is public by design (Supabase puts it in every client, and
-- it cannot be withdrawn without rotating it), so whatever it may do, anyone may do: a row inserted with it passes
-- none of the form's defences (its Origin rule, the proof of work, the rate limits, the hold). Nothing a row says is
-- trusted for that reason: the meta-conversion function reports only leads the site's signed call vouches for
-- (supabase/functions/meta-conversion), and sales hears only of leads the site itself stored. What is left to bound
-- is what the key can write, here:
--   * the columns: the lead's own and its attribution (column grants, earlier migrations);
--   * the values: the CHECKs of earlier migrations, and now an id in the form the site gives leads (a UUID v4, what the
--     form's crypto.randomUUID makes), instead of the policy's `with check (true)`;
--   * one row per statement: PostgREST takes an array of rows in one request, the site never sends more than one;
--   * at most 1,000 rows a minute for the whole table (ten times the site's default ceiling of proven leads a minute,
--     above which the site still stores leads). Beyond it an insert is refused with SQLSTATE 53000 (PostgREST answers
--     503, the site asks the visitor to retry), so a script holding the key can stop intake while it keeps going, but
--     can no longer fill the database: the operator sees lead.store_unavailable and rotates the key.
-- The rules apply to the roles the project's keys carry (anon, authenticated), never to the service role or the
-- database owner. Additive: rows stored before are kept as they are.

-- Why the function withheld a lead: also `not_vouched`, a stored row that is not the lead the site's call vouched for.
alter table public.contact_submissions
  drop constraint contact_submissions_conversion_withheld_reason_check,
  add constraint contact_submissions_conversion_withheld_reason_check
    check (conversion_withheld_reason in ('no_consent', 'held', 'not_vouched'));

comment on column public.contact_submissions.conversion_withheld_reason is 'Why the meta-conversion function sent Meta nothing for this lead: no_consent, held (see held_reason, or the site''s call said its request was held), or not_vouched (the stored row differs from the lead the site''s signed call vouched for); written only by the function (service role).';

drop policy "anon can insert leads" on public.contact_submissions;
create policy "anon inserts leads under a v4 id" on public.contact_submissions
  for insert to anon
  with check (id::text ~ '^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$');

-- The per-minute count reads the latest rows by their time.
create index contact_submissions_created_at_idx on public.contact_submissions (created_at);

-- Refuses a statement of the project's keys that inserted more than one row.
create function public.contact_submissions_one_row() returns trigger
  language plpgsql
  set search_path = ''
as $$
begin
  if (select count(*) from inserted) > 1 then
    raise exception 'contact_submissions takes one lead per request' using errcode = '54000';
  end if;
  return null;
end;
$$;

-- Refuses a row of the project's keys once the table took 1,000 in the last minute. Security definer: it counts rows
-- the inserting role may not read; it reads nothing else and returns only the row it was given.
create function public.contact_submissions_intake_ceiling() returns trigger
  language plpgsql
  security definer
  set search_path = ''
as $$
begin
  if (
    select count(*) from (
      select 1 from public.contact_submissions where created_at > now() - interval '1 minute' limit 1000
    ) recent
  ) >= 1000 then
    raise exception 'contact_submissions took 1,000 leads in the last minute: intake ceiling reached'
      using errcode = '53000';
  end if;
  return new;
end;
$$;

revoke all on function public.contact_submissions_one_row() from public, anon, authenticated;
revoke all on function public.contact_submissions_intake_ceiling() from public, anon, authenticated;

create trigger contact_submissions_one_row
  after insert on public.contact_submissions
  referencing new table as inserted
  for each statement
  when (current_user in ('anon', 'authenticated'))
  execute function public.contact_submissions_one_row();

create trigger contact_submissions_intake_ceiling
  before insert on public.contact_submissions
  for each row
  when (current_user in ('anon', 'authenticated'))
  execute function public.contact_submissions_intake_ceiling();

-- Sales' verdict on each lead, and the outbox of conversions the ad platforms are told (lib/stages/, lib/outbox/).
--
-- lead_stages: every verdict recorded, never rewritten: qualified, not_qualified (with a reason) or customer, what set
-- it (the signed link in the sales email, or a CRM through POST /api/leads/stage) and when. A changed mind is a new row;
-- the lead's stage is its latest row. Recording the stage it already has records nothing (record_lead_stage).
--
-- conversion_uploads: one row per conversion to report to one platform (Google Ads through the Data Manager API, Meta
-- through the meta-conversion function), written in the same transaction as the stage it reports (or, for the Lead at
-- capture, by the server after it stored the lead). Instances drain it with claim_conversion_uploads: rows are claimed
-- with FOR UPDATE SKIP LOCKED and a lease, so two instances never send the same row at once, and a row whose instance
-- died mid-send is taken again once its lease ends (the platforms deduplicate the resend: Google on transactionId,
-- Meta on event_id). finish_conversion_upload records the outcome only for the claim that holds it: sent, refused
-- for good with the platform's reason, expired, failed after the last try, or pending again at a later time.
--
-- Deleting a lead (docs/leads.md) deletes its stages and its uploads with it (on delete cascade).
-- Only the server's own credential reads or writes these (service_role, as the counts): anon and authenticated get
-- nothing, even on a Supabase project whose default privileges grant every new table and function to them.
-- Additive: the running site keeps storing leads while it applies.

-- The reference a lead quotes (lib/conversation/reference.ts), computed the same way from its id, so a CRM can name a
-- lead by it: the first 64 bits of SHA-256 of the id's text, in base 30 over a readable alphabet, as XXXXX-XXXXX.
create function public.lead_reference(lead_id uuid) returns text
  language plpgsql immutable parallel safe set search_path = ''
as $$
declare
  digest bytea := sha256(convert_to(lead_id::text, 'UTF8'));
  value numeric := 0;
  alphabet constant text := '23456789ABCDEFGHJKMNPQRSTVWXYZ';
  reference text := '';
begin
  for i in 0..7 loop
    value := value * 256 + get_byte(digest, i);
  end loop;
  for i in 1..10 loop
    reference := reference || substr(alphabet, (value % 30)::integer + 1, 1);
    value := div(value, 30);
  end loop;
  return substr(reference, 1, 5) || '-' || substr(reference, 6);
end;
$$;

comment on function public.lead_reference(uuid) is 'The reference a lead is told (lib/conversation/reference.ts), from its id.';

-- The index below evaluates it on every insert, the anon key's too: a pure function of the id, which anon wrote itself.
grant execute on function public.lead_reference(uuid) to anon, authenticated, service_role;

create index contact_submissions_reference_idx on public.contact_submissions (public.lead_reference(id));

create table public.lead_stages (
  id bigint generated always as identity primary key,
  lead_id uuid not null references public.contact_submissions (id) on delete cascade,
  stage text not null check (stage in ('qualified', 'not_qualified', 'customer')),
  reason text check (reason in ('not_a_business', 'outside_corridors', 'below_minimum', 'duplicate', 'spam')),
  source text not null check (source in ('email_link', 'crm')),
  recorded_at timestamptz not null default now(),
  check ((stage = 'not_qualified') = (reason is not null))
);

create index lead_stages_lead_idx on public.lead_stages (lead_id, id desc);
create index lead_stages_recorded_at_idx on public.lead_stages (recorded_at);

comment on table public.lead_stages is 'Sales'' verdicts on each lead, in the order recorded (a changed mind is a new row): qualified, not_qualified with a reason, customer; set by the signed link of the sales email or a CRM.';

create table public.conversion_uploads (
  id bigint generated always as identity primary key,
  lead_id uuid not null references public.contact_submissions (id) on delete cascade,
  stage_id bigint references public.lead_stages (id) on delete cascade,
  platform text not null check (platform in ('google', 'meta')),
  -- lead: the Lead at capture (Google only: Meta's Lead goes through the function as before).
  stage text not null check (stage in ('lead', 'qualified', 'customer')),
  event_time timestamptz not null,
  -- USD, from the market's value table (Studio) and the lead's volume range; null: none configured.
  value numeric(12, 2) check (value >= 0),
  status text not null default 'pending' check (status in ('pending', 'sent', 'refused', 'expired', 'failed')),
  attempts integer not null default 0 check (attempts >= 0),
  next_attempt_at timestamptz not null default now(),
  claimed_by uuid,
  claimed_until timestamptz,
  -- Why the last attempt failed, or why the platform refused it (its own words, never personal data).
  last_error text check (char_length(last_error) <= 1000),
  sent_at timestamptz,
  -- Google's requestId of the upload, whose diagnostics are read later (requestStatus:retrieve).
  platform_request_id text check (char_length(platform_request_id) <= 200),
  diagnosed_at timestamptz,
  created_at timestamptz not null default now(),
  -- A stage is reported once per lead and platform, whatever sales changes afterwards.
  unique (lead_id, platform, stage)
);

create index conversion_uploads_due_idx on public.conversion_uploads (next_attempt_at) where status = 'pending';
create index conversion_uploads_undiagnosed_idx on public.conversion_uploads (sent_at)
  where status = 'sent' and platform_request_id is not null and diagnosed_at is null;

comment on table public.conversion_uploads is 'The outbox of conversions to report to Google Ads and Meta: pending (with the next attempt), sent, refused (the platform''s reason), expired (Meta takes events up to 7 days old) or failed (out of attempts).';

alter table public.lead_stages enable row level security;
alter table public.conversion_uploads enable row level security;
revoke all on table public.lead_stages, public.conversion_uploads from public, anon, authenticated;
grant select, insert, update, delete on table public.lead_stages, public.conversion_uploads to service_role;
grant usage on sequence public.lead_stages_id_seq, public.conversion_uploads_id_seq to service_role;
revoke all on sequence public.lead_stages_id_seq, public.conversion_uploads_id_seq from public, anon, authenticated;

-- A lead's stage, reference and what the page and the uploads need of it: null when no such lead.
create function public.lead_stage_summary(lead_id uuid) returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select jsonb_build_object(
    'id', s.id, 'reference', public.lead_reference(s.id), 'company', s.company, 'market', s.market,
    'volume', s.volume, 'consent', s.tracking_consent, 'held', s.held_reason is not null,
    'googleClick', coalesce(s.last_gclid, s.last_gbraid, s.last_wbraid, s.first_gclid, s.first_gbraid, s.first_wbraid)
      is not null,
    'stage', (select jsonb_build_object('stage', l.stage, 'reason', l.reason, 'source', l.source,
      'recordedAt', l.recorded_at) from public.lead_stages l where l.lead_id = s.id order by l.id desc limit 1)
  )
  from public.contact_submissions s
  where s.id = lead_stage_summary.lead_id
$$;

-- The ids of the leads with this reference (normally one; two leads may share one, see lead_reference).
create function public.leads_by_reference(reference text) returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(jsonb_agg(s.id), '[]'::jsonb) from (
    select c.id from public.contact_submissions c where public.lead_reference(c.id) = upper(btrim(reference)) limit 2
  ) s
$$;

-- Records a stage unless it is the lead's stage already (same stage and reason): {"outcome": "recorded" | "already" |
-- "no_lead", "stage": {...}}. With a new stage, queues its upload to each platform in `platforms` (with its value), in
-- the same transaction, when the lead may be reported: tracking allowed (granted, or not asked) and not held. A stage a
-- platform was already sent (or queued) for this lead is not queued again.
create function public.record_lead_stage(
  lead_id uuid, stage text, reason text, source text, platforms jsonb default '[]', value numeric default null
) returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  lead public.contact_submissions;
  latest public.lead_stages;
  recorded public.lead_stages;
begin
  select * into lead from public.contact_submissions s where s.id = record_lead_stage.lead_id for update;
  if not found then
    return jsonb_build_object('outcome', 'no_lead');
  end if;
  select * into latest from public.lead_stages l where l.lead_id = record_lead_stage.lead_id order by l.id desc limit 1;
  if found and latest.stage = record_lead_stage.stage and latest.reason is not distinct from record_lead_stage.reason then
    return jsonb_build_object('outcome', 'already', 'stage', jsonb_build_object('stage', latest.stage,
      'reason', latest.reason, 'source', latest.source, 'recordedAt', latest.recorded_at));
  end if;
  insert into public.lead_stages (lead_id, stage, reason, source)
    values (record_lead_stage.lead_id, record_lead_stage.stage, record_lead_stage.reason, record_lead_stage.source)
    returning * into recorded;
  if record_lead_stage.stage <> 'not_qualified'
    and lead.tracking_consent in ('granted', 'not_asked') and lead.held_reason is null then
    insert into public.conversion_uploads (lead_id, stage_id, platform, stage, event_time, value)
      select recorded.lead_id, recorded.id, p, recorded.stage, recorded.recorded_at, record_lead_stage.value
      from jsonb_array_elements_text(platforms) p
      where p in ('google', 'meta')
      on conflict on constraint conversion_uploads_lead_id_platform_stage_key do nothing;
  end if;
  return jsonb_build_object('outcome', 'recorded', 'stage', jsonb_build_object('stage', recorded.stage,
    'reason', recorded.reason, 'source', recorded.source, 'recordedAt', recorded.recorded_at));
end;
$$;

-- Queues the Lead conversion of a stored lead (Google at capture), under the same rules as a stage's: true when queued.
create function public.queue_lead_conversion(lead_id uuid, platform text, value numeric default null) returns boolean
language plpgsql
security invoker
set search_path = ''
as $$
declare
  queued integer;
begin
  insert into public.conversion_uploads (lead_id, platform, stage, event_time, value)
    select s.id, queue_lead_conversion.platform, 'lead', s.created_at, queue_lead_conversion.value
    from public.contact_submissions s
    where s.id = queue_lead_conversion.lead_id and s.tracking_consent in ('granted', 'not_asked')
      and s.held_reason is null and queue_lead_conversion.platform in ('google', 'meta')
    on conflict on constraint conversion_uploads_lead_id_platform_stage_key do nothing;
  get diagnostics queued = row_count;
  return queued = 1;
end;
$$;

-- Claims up to `max_rows` due uploads for one drain by `worker` for `lease_seconds`: pending ones whose time has come,
-- and Google's sent ones whose diagnostics are due (sent at least `diagnose_after_seconds` ago). Rows another instance
-- holds are skipped, not waited for. Each claimed pending row counts an attempt. Returns them with what the upload
-- needs of the lead (read here, as the server's role: never through the anon key).
create function public.claim_conversion_uploads(
  worker uuid, max_rows integer, lease_seconds integer, diagnose_after_seconds integer default 900
) returns jsonb
language plpgsql
security invoker
set search_path = ''
as $$
declare
  claimed jsonb;
begin
  with due as (
    select u.id from public.conversion_uploads u
    where (u.claimed_until is null or u.claimed_until < now())
      and (
        (u.status = 'pending' and u.next_attempt_at <= now())
        or (u.status = 'sent' and u.platform_request_id is not null and u.diagnosed_at is null
          and u.next_attempt_at <= now() and u.sent_at <= now() - make_interval(secs => diagnose_after_seconds))
      )
    order by u.next_attempt_at
    limit max_rows
    for update skip locked
  ), taken as (
    update public.conversion_uploads u set
      claimed_by = worker,
      claimed_until = now() + make_interval(secs => lease_seconds),
      attempts = u.attempts + case when u.status = 'pending' then 1 else 0 end
    from due where u.id = due.id
    returning u.*
  )
  select coalesce(jsonb_agg(jsonb_build_object(
    'id', t.id, 'leadId', t.lead_id, 'platform', t.platform, 'stage', t.stage, 'eventTime', t.event_time,
    'value', t.value, 'status', t.status, 'attempts', t.attempts, 'requestId', t.platform_request_id,
    'lead', jsonb_build_object(
      'email', s.email, 'phoneE164', s.phone_e164, 'market', s.market, 'consent', s.tracking_consent,
      'held', s.held_reason is not null,
      -- Google's click id of the last touch that has one (the latest campaign visit, else the first).
      'gclid', case when last_google then s.last_gclid else s.first_gclid end,
      'gbraid', case when last_google then s.last_gbraid else s.first_gbraid end,
      'wbraid', case when last_google then s.last_wbraid else s.first_wbraid end
    )
  ) order by t.id), '[]'::jsonb) into claimed
  from taken t join public.contact_submissions s on s.id = t.lead_id,
    lateral (select s.last_gclid is not null or s.last_gbraid is not null or s.last_wbraid is not null as last_google) l;
  return claimed;
end;
$$;

-- Records how a claimed upload ended, only while `worker` still holds it (a late instance whose lease ran out changes
-- nothing). outcome: sent (request_id: the platform's, for diagnostics), diagnosed, refused / expired / failed (detail:
-- why), or retry (pending again at retry_at, detail: why this attempt failed). True when recorded.
create function public.finish_conversion_upload(
  upload_id bigint, worker uuid, outcome text, detail text default null, retry_at timestamptz default null,
  request_id text default null
) returns boolean
language plpgsql
security invoker
set search_path = ''
as $$
declare
  finished integer;
begin
  update public.conversion_uploads u set
    status = case outcome
      when 'sent' then 'sent' when 'diagnosed' then 'sent' when 'retry' then u.status
      when 'refused' then 'refused' when 'expired' then 'expired' when 'failed' then 'failed' end,
    sent_at = case when outcome = 'sent' then now() else u.sent_at end,
    platform_request_id = case when outcome = 'sent' then request_id else u.platform_request_id end,
    diagnosed_at = case when outcome = 'diagnosed' or (outcome = 'sent' and request_id is null) then now()
      else u.diagnosed_at end,
    next_attempt_at = case when outcome = 'retry' then coalesce(retry_at, now()) else u.next_attempt_at end,
    last_error = case when outcome in ('sent', 'diagnosed') then u.last_error else left(detail, 1000) end,
    claimed_by = null,
    claimed_until = null
  where u.id = upload_id and u.claimed_by = worker and u.claimed_until >= now()
    and outcome in ('sent', 'diagnosed', 'retry', 'refused', 'expired', 'failed');
  get diagnostics finished = row_count;
  return finished = 1;
end;
$$;

-- What an operator sees (docs/operations.md): uploads per platform, stage and status, and the latest ones not sent.
create function public.conversion_upload_report(recent integer default 20) returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select jsonb_build_object(
    'counts', (select coalesce(jsonb_agg(jsonb_build_object('platform', c.platform, 'stage', c.stage,
      'status', c.status, 'uploads', c.n)), '[]'::jsonb) from (
        select u.platform, u.stage, u.status, count(*) as n from public.conversion_uploads u group by 1, 2, 3
      ) c),
    'notSent', (select coalesce(jsonb_agg(jsonb_build_object('id', r.id, 'leadId', r.lead_id,
      'platform', r.platform, 'stage', r.stage, 'status', r.status, 'attempts', r.attempts,
      'nextAttemptAt', r.next_attempt_at, 'lastError', r.last_error, 'createdAt', r.created_at)), '[]'::jsonb) from (
        select * from public.conversion_uploads u where u.status in ('pending', 'refused', 'expired', 'failed')
        order by u.created_at desc limit recent
      ) r)
  )
$$;

-- Qualified and won leads per day (each market's time zone, as lead_count_rows), market, page and last-touch campaign,
-- counted once per lead by its latest stage: a lead now not qualified counts in neither.
create function public.lead_stage_rows(from_day date, to_day date, zones jsonb, only_market text default null)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object(
    'day', r.day, 'market', r.market, 'pageSlug', r.page_slug, 'source', r.source, 'medium', r.medium,
    'campaign', r.campaign, 'platform', r.platform, 'qualified', r.qualified, 'won', r.won
  )), '[]'::jsonb)
  from (
    select (s.created_at at time zone (zones->>s.market))::date as day, s.market, s.page_slug,
      s.last_utm_source as source, s.last_utm_medium as medium, s.last_utm_campaign as campaign,
      case
        when s.last_gclid is not null or s.last_gbraid is not null or s.last_wbraid is not null then 'google'
        when s.last_msclkid is not null then 'microsoft'
        when s.last_fbclid is not null then 'meta'
      end as platform,
      count(*) filter (where latest.stage in ('qualified', 'customer'))::bigint as qualified,
      count(*) filter (where latest.stage = 'customer')::bigint as won
    from public.contact_submissions s
    join lateral (
      select l.stage from public.lead_stages l where l.lead_id = s.id order by l.id desc limit 1
    ) latest on true
    where s.created_at >= from_day::timestamp at time zone 'UTC' - interval '1 day'
      and s.created_at < to_day::timestamp at time zone 'UTC' + interval '2 days'
      and (only_market is null or s.market = only_market)
      and zones ? s.market
      and (s.held_reason is null or s.held_reason = 'over_ceiling')
    group by 1, 2, 3, 4, 5, 6, 7
  ) r
  where r.day between from_day and to_day
$$;

revoke all on function public.lead_stage_summary(uuid) from public, anon, authenticated;
revoke all on function public.leads_by_reference(text) from public, anon, authenticated;
revoke all on function public.record_lead_stage(uuid, text, text, text, jsonb, numeric) from public, anon, authenticated;
revoke all on function public.queue_lead_conversion(uuid, text, numeric) from public, anon, authenticated;
revoke all on function public.claim_conversion_uploads(uuid, integer, integer, integer) from public, anon, authenticated;
revoke all on function public.finish_conversion_upload(bigint, uuid, text, text, timestamptz, text)
  from public, anon, authenticated;
revoke all on function public.conversion_upload_report(integer) from public, anon, authenticated;
revoke all on function public.lead_stage_rows(date, date, jsonb, text) from public, anon, authenticated;
grant execute on function public.lead_stage_summary(uuid) to service_role;
grant execute on function public.leads_by_reference(text) to service_role;
grant execute on function public.record_lead_stage(uuid, text, text, text, jsonb, numeric) to service_role;
grant execute on function public.queue_lead_conversion(uuid, text, numeric) to service_role;
grant execute on function public.claim_conversion_uploads(uuid, integer, integer, integer) to service_role;
grant execute on function public.finish_conversion_upload(bigint, uuid, text, text, timestamptz, text) to service_role;
grant execute on function public.conversion_upload_report(integer) to service_role;
grant execute on function public.lead_stage_rows(date, date, jsonb, text) to service_role;

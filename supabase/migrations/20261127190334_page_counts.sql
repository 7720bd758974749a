-- Visits, visitors and form starts per day and slice, and field-speed histograms (lib/analytics/). Aggregates only:
-- never a row per visit, never an address, a user agent or a visitor hash. A slice is the market, the page (its path:
-- /mx or /mx/<campaign slug>), the campaign key (utm source, medium and campaign as lib/analytics/campaign-key.ts
-- normalises them), the device class and a variant key ('' until experiments come). `day` is the visit's date in the
-- market's time zone. `visitors` is the slice's distinct visitors that day as the short-lived store counted them
-- (a Redis HyperLogLog or one instance's memory); null where the site has no trusted client address to count them by.
--
-- Only the server's own credential reads or writes these (Supabase's secret key, which PostgREST runs as
-- service_role; the embedded store sets that role): anon and authenticated get nothing, not even on a Supabase
-- project whose default privileges grant every new table and function to them. Instances write in batches through
-- record_page_counts, which adds their increments atomically (several instances add up) and puts a market's new
-- campaign keys past the day's cap under "(other)". Additive: the running site keeps storing leads while it applies.

create table public.page_counts (
  day date not null,
  market text not null check (market in ('mx', 'br', 'ar')),
  page text not null check (char_length(page) <= 84 and page ~ '^/(mx|br|ar)(/[a-z0-9]+(-[a-z0-9]+)*)?$'),
  source text not null check (public.is_tracking_text(source, 200)),
  medium text not null check (public.is_tracking_text(medium, 200)),
  campaign text not null check (public.is_tracking_text(campaign, 200)),
  device text not null check (device in ('phone', 'desktop')),
  variant text not null default '' check (char_length(variant) <= 80 and variant ~ '^[a-z0-9-]*$'),
  visits bigint not null default 0 check (visits >= 0),
  form_starts bigint not null default 0 check (form_starts >= 0),
  visitors bigint check (visitors >= 0),
  primary key (day, market, page, source, medium, campaign, device, variant)
);

comment on table public.page_counts is 'Visits, distinct visitors and form starts per day (market time zone), market, page, campaign key, device class and variant; aggregates only, written by the site''s server (service role).';
comment on column public.page_counts.visitors is 'Distinct visitors of the slice that day (a HyperLogLog estimate on Redis); null where the site had no trusted client address.';

create table public.page_vitals (
  day date not null,
  market text not null check (market in ('mx', 'br', 'ar')),
  page text not null check (char_length(page) <= 84 and page ~ '^/(mx|br|ar)(/[a-z0-9]+(-[a-z0-9]+)*)?$'),
  device text not null check (device in ('phone', 'desktop')),
  metric text not null check (metric in ('LCP', 'INP', 'CLS')),
  bucket smallint not null check (bucket between 0 and 99),
  samples bigint not null check (samples >= 0),
  primary key (day, market, page, device, metric, bucket)
);

comment on table public.page_vitals is 'Field speed (web-vitals) per day, market, page and device as fixed-bucket histograms: samples per bucket of lib/analytics/vitals-buckets.ts, never a sample itself.';

alter table public.page_counts enable row level security;
alter table public.page_vitals enable row level security;
revoke all on table public.page_counts, public.page_vitals from public, anon, authenticated;
grant select, insert, update on table public.page_counts, public.page_vitals to service_role;

-- Adds a batch of increments: [{day, market, page, source, medium, campaign, device, variant, visits, formStarts,
-- visitors}]. Visits and form starts add up; visitors is the store's running count for the day, so the higher one
-- stays. A campaign key the market has not seen that day, once it has `campaign_cap` of them, counts as "(other)"
-- (the lock makes concurrent batches of one market and day take turns at that check). Returns the rows written.
create function public.record_page_counts(counts jsonb, campaign_cap integer default 500) returns integer
language plpgsql
security invoker
set search_path = ''
as $$
declare
  item jsonb;
  written integer := 0;
  item_source text;
  item_medium text;
  item_campaign text;
begin
  for item in select value from jsonb_array_elements(counts) loop
    item_source := item->>'source';
    item_medium := item->>'medium';
    item_campaign := item->>'campaign';
    perform pg_advisory_xact_lock(hashtext('page_counts:' || (item->>'day') || ':' || (item->>'market')));
    if not exists (
      select 1 from public.page_counts c
      where c.day = (item->>'day')::date and c.market = item->>'market'
        and c.source = item_source and c.medium = item_medium and c.campaign = item_campaign
    ) and (
      select count(*) from (
        select distinct c.source, c.medium, c.campaign from public.page_counts c
        where c.day = (item->>'day')::date and c.market = item->>'market'
      ) keys
    ) >= campaign_cap then
      item_source := '(other)';
      item_medium := '(other)';
      item_campaign := '(other)';
    end if;
    insert into public.page_counts as c
      (day, market, page, source, medium, campaign, device, variant, visits, form_starts, visitors)
    values (
      (item->>'day')::date, item->>'market', item->>'page', item_source, item_medium, item_campaign,
      item->>'device', coalesce(item->>'variant', ''), coalesce((item->>'visits')::bigint, 0),
      coalesce((item->>'formStarts')::bigint, 0), (item->>'visitors')::bigint
    )
    on conflict (day, market, page, source, medium, campaign, device, variant) do update set
      visits = c.visits + excluded.visits,
      form_starts = c.form_starts + excluded.form_starts,
      visitors = greatest(c.visitors, excluded.visitors);
    written := written + 1;
  end loop;
  return written;
end;
$$;

-- Adds a batch of histogram samples: [{day, market, page, device, metric, bucket, samples}].
create function public.record_page_vitals(vitals jsonb) returns integer
language sql
security invoker
set search_path = ''
as $$
  with rows as (
    insert into public.page_vitals as v (day, market, page, device, metric, bucket, samples)
    select (item->>'day')::date, item->>'market', item->>'page', item->>'device', item->>'metric',
      (item->>'bucket')::smallint, (item->>'samples')::bigint
    from jsonb_array_elements(vitals) item
    on conflict (day, market, page, device, metric, bucket) do update set samples = v.samples + excluded.samples
    returning 1
  )
  select count(*)::integer from rows
$$;

-- The counts of a range of days, one market or all (null), as a JSON array of rows.
create function public.page_count_rows(from_day date, to_day date, only_market text default null) returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object(
    'day', c.day, 'market', c.market, 'page', c.page, 'source', c.source, 'medium', c.medium,
    'campaign', c.campaign, 'device', c.device, 'variant', c.variant, 'visits', c.visits,
    'formStarts', c.form_starts, 'visitors', c.visitors
  )), '[]'::jsonb)
  from public.page_counts c
  where c.day between from_day and to_day and (only_market is null or c.market = only_market)
$$;

-- The histograms of a range of days, added up per market, page, device, metric and bucket.
create function public.page_vital_rows(from_day date, to_day date, only_market text default null) returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object(
    'market', r.market, 'page', r.page, 'device', r.device, 'metric', r.metric, 'bucket', r.bucket,
    'samples', r.samples
  )), '[]'::jsonb)
  from (
    select v.market, v.page, v.device, v.metric, v.bucket, sum(v.samples)::bigint as samples
    from public.page_vitals v
    where v.day between from_day and to_day and (only_market is null or v.market = only_market)
    group by v.market, v.page, v.device, v.metric, v.bucket
  ) r
$$;

-- Leads per day (in each market's time zone, `zones`: {"mx": "America/Mexico_City", ...}; read by created_at through
-- contact_submissions_created_at_idx), market, page, last-touch
-- campaign and whether they are held (a proof-of-work hold not released), as a JSON array. Only counts leave: no
-- field of a lead. `platform` names the ad platform of a last touch that carried a click id.
create function public.lead_count_rows(from_day date, to_day date, zones jsonb, only_market text default null)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object(
    'day', r.day, 'market', r.market, 'pageSlug', r.page_slug, 'source', r.source, 'medium', r.medium,
    'campaign', r.campaign, 'platform', r.platform, 'held', r.held, 'leads', r.leads
  )), '[]'::jsonb)
  from (
    select (s.created_at at time zone (zones->>s.market))::date as day, s.market, s.page_slug,
      s.last_utm_source as source, s.last_utm_medium as medium, s.last_utm_campaign as campaign,
      case
        when s.last_gclid is not null or s.last_gbraid is not null or s.last_wbraid is not null then 'google'
        when s.last_msclkid is not null then 'microsoft'
        when s.last_fbclid is not null then 'meta'
      end as platform,
      s.held_reason is not null and s.held_reason <> 'over_ceiling' as held,
      count(*)::bigint as leads
    from public.contact_submissions s
    where s.created_at >= from_day::timestamp at time zone 'UTC' - interval '1 day'
      and s.created_at < to_day::timestamp at time zone 'UTC' + interval '2 days'
      and (only_market is null or s.market = only_market)
      and zones ? s.market
    group by 1, 2, 3, 4, 5, 6, 7, 8
  ) r
  where r.day between from_day and to_day
$$;

revoke all on function public.record_page_counts(jsonb, integer) from public, anon, authenticated;
revoke all on function public.record_page_vitals(jsonb) from public, anon, authenticated;
revoke all on function public.page_count_rows(date, date, text) from public, anon, authenticated;
revoke all on function public.page_vital_rows(date, date, text) from public, anon, authenticated;
revoke all on function public.lead_count_rows(date, date, jsonb, text) from public, anon, authenticated;
grant execute on function public.record_page_counts(jsonb, integer) to service_role;
grant execute on function public.record_page_vitals(jsonb) to service_role;
grant execute on function public.page_count_rows(date, date, text) to service_role;
grant execute on function public.page_vital_rows(date, date, text) to service_role;
grant execute on function public.lead_count_rows(date, date, jsonb, text) to service_role;
-- The lead figures above read contact_submissions as the service role, which Supabase grants it; a plain
-- PostgreSQL or PGlite gets the same from the first migration (grant all ... to service_role).

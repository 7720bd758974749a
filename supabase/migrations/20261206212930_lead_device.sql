-- The device class of the browser a lead was sent from ('phone' or 'desktop', as the visit counts name it: the
-- Sec-CH-UA-Mobile hint, else the user agent), so the results compare leads and visits per device. Set by the site
-- from the request; null for leads stored before it. Additive: the running site keeps storing leads (without the
-- column) while this applies.
alter table public.contact_submissions
  add column device text check (device in ('phone', 'desktop'));

comment on column public.contact_submissions.device is 'The device class of the browser the lead was sent from (phone or desktop, as page_counts.device); null for leads stored before it was recorded.';

grant insert (device) on table public.contact_submissions to anon;

-- Leads per day, market, page, last-touch campaign, hold, variant and now device ('' where not recorded), as before.
create or replace function public.lead_count_rows(from_day date, to_day date, zones jsonb, only_market text default null)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object(
    'day', r.day, 'market', r.market, 'pageSlug', r.page_slug, 'source', r.source, 'medium', r.medium,
    'campaign', r.campaign, 'platform', r.platform, 'held', r.held, 'variant', r.variant, 'device', r.device,
    'leads', r.leads
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
      coalesce(s.variant, '') as variant,
      coalesce(s.device, '') as device,
      count(*)::bigint as leads
    from public.contact_submissions s
    where s.created_at >= from_day::timestamp at time zone 'UTC' - interval '1 day'
      and s.created_at < to_day::timestamp at time zone 'UTC' + interval '2 days'
      and (only_market is null or s.market = only_market)
      and zones ? s.market
    group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
  ) r
  where r.day between from_day and to_day
$$;

-- Sales' verdicts grouped as the leads are, device included.
create or replace function public.lead_stage_rows(from_day date, to_day date, zones jsonb, only_market text default null)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object(
    'day', r.day, 'market', r.market, 'pageSlug', r.page_slug, 'source', r.source, 'medium', r.medium,
    'campaign', r.campaign, 'platform', r.platform, 'variant', r.variant, 'device', r.device,
    'qualified', r.qualified, 'won', r.won
  )), '[]'::jsonb)
  from (
    select (s.created_at at time zone (zones->>s.market))::date as day, s.market, s.page_slug,
      s.last_utm_source as source, s.last_utm_medium as medium, s.last_utm_campaign as campaign,
      case
        when s.last_gclid is not null or s.last_gbraid is not null or s.last_wbraid is not null then 'google'
        when s.last_msclkid is not null then 'microsoft'
        when s.last_fbclid is not null then 'meta'
      end as platform,
      coalesce(s.variant, '') as variant,
      coalesce(s.device, '') as device,
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
    group by 1, 2, 3, 4, 5, 6, 7, 8, 9
  ) r
  where r.day between from_day and to_day
$$;

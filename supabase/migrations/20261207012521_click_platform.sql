-- The ad platform a touch counts under, from the click ids it carried: Google's ids first, then Microsoft's, then
-- Meta's (a touch with ids of several counts under the first), as the page's visit beacon names it
-- (lib/attribution/click-platform.ts; a test holds the two to one rule). The lead counts and sales' verdicts below
-- read their leads through one function, lead_slices, rather than each spelling out the rule, the leads' day and the
-- range. Additive: replaces two read functions, same signatures and grants.
create function public.click_platform(gclid text, gbraid text, wbraid text, fbclid text, msclkid text)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select case
    when gclid is not null or gbraid is not null or wbraid is not null then 'google'
    when msclkid is not null then 'microsoft'
    when fbclid is not null then 'meta'
  end
$$;

revoke all on function public.click_platform(text, text, text, text, text) from public, anon, authenticated;
grant execute on function public.click_platform(text, text, text, text, text) to service_role;

-- Each lead of the days from_day to to_day (each in its market's time zone, from `zones`) with what the results slice
-- it by: day, market, page, last-touch campaign and platform, variant and device ('' where not recorded), and its hold.
create function public.lead_slices(from_day date, to_day date, zones jsonb, only_market text default null)
returns table (
  id uuid, day date, market text, page_slug text, source text, medium text, campaign text, platform text,
  held_reason text, variant text, device text
)
language sql
stable
security invoker
set search_path = ''
as $$
  select * from (
    select s.id, (s.created_at at time zone (zones->>s.market))::date as day, s.market, s.page_slug,
      s.last_utm_source, s.last_utm_medium, s.last_utm_campaign,
      public.click_platform(
        gclid => s.last_gclid, gbraid => s.last_gbraid, wbraid => s.last_wbraid, fbclid => s.last_fbclid,
        msclkid => s.last_msclkid
      ),
      s.held_reason, coalesce(s.variant, ''), coalesce(s.device, '')
    from public.contact_submissions s
    -- A day from a UTC day before to one after, so the index on created_at bounds the scan in every time zone.
    where s.created_at >= from_day::timestamp at time zone 'UTC' - interval '1 day'
      and s.created_at < to_day::timestamp at time zone 'UTC' + interval '2 days'
      and (only_market is null or s.market = only_market)
      and zones ? s.market
  ) l
  where l.day between from_day and to_day
$$;

revoke all on function public.lead_slices(date, date, jsonb, text) from public, anon, authenticated;
grant execute on function public.lead_slices(date, date, jsonb, text) to service_role;

-- Leads per day, market, page, last-touch campaign, platform, hold, variant and device, as before.
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
    select l.day, l.market, l.page_slug, l.source, l.medium, l.campaign, l.platform,
      l.held_reason is not null and l.held_reason <> 'over_ceiling' as held, l.variant, l.device,
      count(*)::bigint as leads
    from public.lead_slices(from_day, to_day, zones, only_market) l
    group by 1, 2, 3, 4, 5, 6, 7, 8, 9, 10
  ) r
$$;

-- Sales' verdicts grouped as the leads are, each lead counted once by its latest stage.
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
    select l.day, l.market, l.page_slug, l.source, l.medium, l.campaign, l.platform, l.variant, l.device,
      count(*) filter (where latest.stage in ('qualified', 'customer'))::bigint as qualified,
      count(*) filter (where latest.stage = 'customer')::bigint as won
    from public.lead_slices(from_day, to_day, zones, only_market) l
    join lateral (
      select s.stage from public.lead_stages s where s.lead_id = l.id order by s.id desc limit 1
    ) latest on true
    where l.held_reason is null or l.held_reason = 'over_ceiling'
    group by 1, 2, 3, 4, 5, 6, 7, 8, 9
  ) r
$$;

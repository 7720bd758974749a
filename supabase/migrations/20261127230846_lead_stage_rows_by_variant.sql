-- Sales' verdicts per day, market, page, last-touch campaign and the experiment variant the lead saw ('' outside an
-- experiment), as lead_count_rows groups the leads: per-variant results count each verdict where its lead is. Same
-- signature, so its grants (the server's role only) stay.
create or replace function public.lead_stage_rows(from_day date, to_day date, zones jsonb, only_market text default null)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object(
    'day', r.day, 'market', r.market, 'pageSlug', r.page_slug, 'source', r.source, 'medium', r.medium,
    'campaign', r.campaign, 'platform', r.platform, 'variant', r.variant, 'qualified', r.qualified, 'won', r.won
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
    group by 1, 2, 3, 4, 5, 6, 7, 8
  ) r
  where r.day between from_day and to_day
$$;

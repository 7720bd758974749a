-- The experiment variant a lead's visitor was shown (lib/experiments/): `<experiment>--<variant>`, each part lowercase
-- letters, digits and single hyphens, as the visit counts' `variant` holds it, so leads and visits join per variant.
-- The site sets it from the experiments cookie, only when it names a variant of the experiment running on the lead's
-- page; null outside an experiment. Not personal data: every visitor shown that variant carries the same value.
-- Additive: the running site keeps storing leads (without the column) while this applies.
alter table public.contact_submissions
  add column variant text check (char_length(variant) <= 80 and variant ~ '^[a-z0-9]+(-[a-z0-9]+)*--[a-z0-9]+(-[a-z0-9]+)*$');

comment on column public.contact_submissions.variant is 'The experiment variant the visitor was shown on the lead''s page (<experiment>--<variant>, as page_counts.variant); null outside an experiment.';

grant insert (variant) on table public.contact_submissions to anon;

-- Leads per day, market, page, last-touch campaign, hold and now variant ('' outside an experiment), as before.
create or replace function public.lead_count_rows(from_day date, to_day date, zones jsonb, only_market text default null)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object(
    'day', r.day, 'market', r.market, 'pageSlug', r.page_slug, 'source', r.source, 'medium', r.medium,
    'campaign', r.campaign, 'platform', r.platform, 'held', r.held, 'variant', r.variant, 'leads', r.leads
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
      count(*)::bigint as leads
    from public.contact_submissions s
    where s.created_at >= from_day::timestamp at time zone 'UTC' - interval '1 day'
      and s.created_at < to_day::timestamp at time zone 'UTC' + interval '2 days'
      and (only_market is null or s.market = only_market)
      and zones ? s.market
    group by 1, 2, 3, 4, 5, 6, 7, 8, 9
  ) r
  where r.day between from_day and to_day
$$;

-- Distinct visitors per day for every way the results group the counts, instead of per slice only.
--
-- page_counts kept each slice's distinct visitors (market, page, campaign key, device, variant), and the results added
-- slices up: a visitor who saw /mx and a campaign page the same day, or came from two campaigns, counted once per
-- slice in the market's total and in every row that groups fewer parts. page_visitors holds, per day, the distinct
-- visitors of each combination of grouped parts (`grouped_by`, a bit set: 1 page, 2 campaign key, 4 device, 8
-- variant; 0 is the market alone), counted by the same short-lived store (lib/analytics/visitor-groupings.ts); a part
-- not grouped is ''. page_count_rows now answers the counts grouped that way, with the matching visitors; the
-- per-slice column leaves page_counts.
--
-- Days counted before this migration are copied in as the sums of their slices' visitors: what the results showed
-- for them before (an upper bound where a visitor crossed slices).
--
-- Only the server's own credential reads or writes these, as for page_counts. Additive for a running site: the
-- previous version's calls, record_page_counts(counts, campaign_cap, uncapped) with visitors in its rows and
-- page_count_rows(from_day, to_day, only_market), are answered by the new functions (the rows' visitors are ignored;
-- the counts come back per slice, with the slices' visitors).

create table public.page_visitors (
  day date not null,
  market text not null check (market in ('mx', 'br', 'ar')),
  grouped_by smallint not null check (grouped_by between 0 and 15),
  page text not null check (
    page = '' or (char_length(page) <= 84 and page ~ '^/(mx|br|ar)(/[a-z0-9]+(-[a-z0-9]+)*)?$')
  ),
  source text not null check (source = '' or public.is_tracking_text(source, 200)),
  medium text not null check (medium = '' or public.is_tracking_text(medium, 200)),
  campaign text not null check (campaign = '' or public.is_tracking_text(campaign, 200)),
  device text not null check (device in ('', 'phone', 'desktop')),
  variant text not null check (char_length(variant) <= 80 and variant ~ '^[a-z0-9-]*$'),
  visitors bigint not null check (visitors >= 0),
  primary key (day, market, grouped_by, page, source, medium, campaign, device, variant)
);

comment on table public.page_visitors is 'Distinct visitors per day (market time zone) of each combination of grouped parts (grouped_by: 1 page, 2 campaign key, 4 device, 8 variant; a part not grouped is ''''); aggregates only, written by the site''s server (service role).';

alter table public.page_visitors enable row level security;
revoke all on table public.page_visitors from public, anon, authenticated;
grant select, insert, update on table public.page_visitors to service_role;

insert into public.page_visitors (day, market, grouped_by, page, source, medium, campaign, device, variant, visitors)
select c.day, c.market, g.grouped_by,
  case when g.grouped_by & 1 <> 0 then c.page else '' end,
  case when g.grouped_by & 2 <> 0 then c.source else '' end,
  case when g.grouped_by & 2 <> 0 then c.medium else '' end,
  case when g.grouped_by & 2 <> 0 then c.campaign else '' end,
  case when g.grouped_by & 4 <> 0 then c.device else '' end,
  case when g.grouped_by & 8 <> 0 then c.variant else '' end,
  sum(c.visitors)
from public.page_counts c
cross join generate_series(0, 15) g(grouped_by)
where c.visitors is not null
group by 1, 2, 3, 4, 5, 6, 7, 8, 9;

-- Adds a batch of running visitor counts: [{day, market, groupedBy, page, source, medium, campaign, device, variant,
-- visitors}], the parts not grouped left out. Each is the store's count for the day so far, so the higher one stays. A
-- campaign key the market's day has not admitted (record_page_counts, called first with the same batch's slices) is
-- "(other)" there, so it is here too; `uncapped` names the keys never capped, as there. Returns the rows written.
create function public.record_page_visitors(counts jsonb, uncapped jsonb default '[]') returns integer
language sql
security invoker
set search_path = ''
as $$
  with free as (
    select u->>'source' as source, u->>'medium' as medium, u->>'campaign' as campaign
    from jsonb_array_elements(uncapped) u
  ),
  items as (
    select (item->>'day')::date as day, item->>'market' as market, (item->>'groupedBy')::smallint as grouped_by,
      coalesce(item->>'page', '') as page, coalesce(item->>'source', '') as source,
      coalesce(item->>'medium', '') as medium, coalesce(item->>'campaign', '') as campaign,
      coalesce(item->>'device', '') as device, coalesce(item->>'variant', '') as variant,
      (item->>'visitors')::bigint as visitors
    from jsonb_array_elements(counts) item
  ),
  kept as (
    select i.*,
      i.grouped_by & 2 = 0
      or exists (select 1 from free f where (f.source, f.medium, f.campaign) = (i.source, i.medium, i.campaign))
      or exists (
        select 1 from public.page_count_campaigns a
        where (a.day, a.market, a.source, a.medium, a.campaign) = (i.day, i.market, i.source, i.medium, i.campaign)
      ) as admitted
    from items i
  ),
  rows as (
    insert into public.page_visitors as v
      (day, market, grouped_by, page, source, medium, campaign, device, variant, visitors)
    select k.day, k.market, k.grouped_by, k.page,
      case when k.admitted then k.source else '(other)' end,
      case when k.admitted then k.medium else '(other)' end,
      case when k.admitted then k.campaign else '(other)' end,
      k.device, k.variant, max(k.visitors)
    from kept k
    group by 1, 2, 3, 4, 5, 6, 7, 8, 9
    order by 1, 2, 3, 4, 5, 6, 7, 8, 9
    on conflict (day, market, grouped_by, page, source, medium, campaign, device, variant) do update set
      visitors = greatest(v.visitors, excluded.visitors)
    returning 1
  )
  select count(*)::integer from rows
$$;

-- The counts no longer carry visitors: the same function, the rows' visitors ignored.
create or replace function public.record_page_counts(counts jsonb, campaign_cap integer default 500, uncapped jsonb default '[]')
returns integer
language plpgsql
security invoker
set search_path = ''
as $$
declare
  market_day record;
  written integer;
begin
  for market_day in
    select distinct (item->>'day')::date as day, item->>'market' as market
    from jsonb_array_elements(counts) item
    order by 1, 2
  loop
    perform pg_advisory_xact_lock(hashtext('page_counts:' || market_day.day || ':' || market_day.market));
  end loop;

  delete from public.page_count_campaigns k
  where k.day < (select min((item->>'day')::date) from jsonb_array_elements(counts) item) - 7;

  with free as (
    select u->>'source' as source, u->>'medium' as medium, u->>'campaign' as campaign
    from jsonb_array_elements(uncapped) u
  ),
  keys as (
    select (item->>'day')::date as day, item->>'market' as market, item->>'source' as source,
      item->>'medium' as medium, item->>'campaign' as campaign,
      sum(coalesce((item->>'visits')::bigint, 0) + coalesce((item->>'formStarts')::bigint, 0)) as weight
    from jsonb_array_elements(counts) item
    group by 1, 2, 3, 4, 5
  ),
  fresh as (
    select k.day, k.market, k.source, k.medium, k.campaign,
      row_number() over (partition by k.day, k.market order by k.weight desc, k.source, k.medium, k.campaign) as n
    from keys k
    where not exists (select 1 from free f where (f.source, f.medium, f.campaign) = (k.source, k.medium, k.campaign))
      and not exists (
        select 1 from public.page_count_campaigns a
        where (a.day, a.market, a.source, a.medium, a.campaign) = (k.day, k.market, k.source, k.medium, k.campaign)
      )
  ),
  used as (
    select a.day, a.market, count(*) as n
    from public.page_count_campaigns a
    where (a.day, a.market) in (select distinct f.day, f.market from fresh f)
      and not exists (select 1 from free f where (f.source, f.medium, f.campaign) = (a.source, a.medium, a.campaign))
    group by a.day, a.market
  )
  insert into public.page_count_campaigns (day, market, source, medium, campaign)
  select f.day, f.market, f.source, f.medium, f.campaign
  from fresh f
  left join used u on (u.day, u.market) = (f.day, f.market)
  where f.n <= campaign_cap - coalesce(u.n, 0);

  with free as (
    select u->>'source' as source, u->>'medium' as medium, u->>'campaign' as campaign
    from jsonb_array_elements(uncapped) u
  ),
  items as (
    select (item->>'day')::date as day, item->>'market' as market, item->>'page' as page, item->>'source' as source,
      item->>'medium' as medium, item->>'campaign' as campaign, item->>'device' as device,
      coalesce(item->>'variant', '') as variant, coalesce((item->>'visits')::bigint, 0) as visits,
      coalesce((item->>'formStarts')::bigint, 0) as form_starts
    from jsonb_array_elements(counts) item
  ),
  kept as (
    select i.*,
      exists (select 1 from free f where (f.source, f.medium, f.campaign) = (i.source, i.medium, i.campaign))
      or exists (
        select 1 from public.page_count_campaigns a
        where (a.day, a.market, a.source, a.medium, a.campaign) = (i.day, i.market, i.source, i.medium, i.campaign)
      ) as admitted
    from items i
  )
  insert into public.page_counts as c
    (day, market, page, source, medium, campaign, device, variant, visits, form_starts)
  select k.day, k.market, k.page,
    case when k.admitted then k.source else '(other)' end,
    case when k.admitted then k.medium else '(other)' end,
    case when k.admitted then k.campaign else '(other)' end,
    k.device, k.variant, sum(k.visits), sum(k.form_starts)
  from kept k
  group by 1, 2, 3, 4, 5, 6, 7, 8
  order by 1, 2, 3, 4, 5, 6, 7, 8
  on conflict (day, market, page, source, medium, campaign, device, variant) do update set
    visits = c.visits + excluded.visits,
    form_starts = c.form_starts + excluded.form_starts;
  get diagnostics written = row_count;
  return written;
end;
$$;

alter table public.page_counts drop column visitors;

drop function public.page_count_rows(date, date, text);

-- The counts of a range of days, one market or all (null), grouped by the parts `parts` names (page_visitors'
-- bit set; 15, every part, is one row per slice), per day, each with the distinct visitors of its group that day
-- (absent: not counted). Parts not grouped are left out of the rows.
create function public.page_count_rows(from_day date, to_day date, only_market text default null, parts smallint default 15)
returns jsonb
language sql
stable
security invoker
set search_path = ''
as $$
  with grouped as (
    select c.day, c.market,
      case when parts & 1 <> 0 then c.page else '' end as page,
      case when parts & 2 <> 0 then c.source else '' end as source,
      case when parts & 2 <> 0 then c.medium else '' end as medium,
      case when parts & 2 <> 0 then c.campaign else '' end as campaign,
      case when parts & 4 <> 0 then c.device else '' end as device,
      case when parts & 8 <> 0 then c.variant else '' end as variant,
      sum(c.visits)::bigint as visits, sum(c.form_starts)::bigint as form_starts
    from public.page_counts c
    where c.day between from_day and to_day and (only_market is null or c.market = only_market)
    group by 1, 2, 3, 4, 5, 6, 7, 8
  )
  select coalesce(jsonb_agg(jsonb_strip_nulls(jsonb_build_object(
    'day', g.day, 'market', g.market,
    'page', case when parts & 1 <> 0 then g.page end,
    'source', case when parts & 2 <> 0 then g.source end,
    'medium', case when parts & 2 <> 0 then g.medium end,
    'campaign', case when parts & 2 <> 0 then g.campaign end,
    'device', case when parts & 4 <> 0 then g.device end,
    'variant', case when parts & 8 <> 0 then g.variant end,
    'visits', g.visits, 'formStarts', g.form_starts, 'visitors', v.visitors
  ))), '[]'::jsonb)
  from grouped g
  left join public.page_visitors v
    on (v.day, v.market, v.grouped_by, v.page, v.source, v.medium, v.campaign, v.device, v.variant)
      = (g.day, g.market, parts, g.page, g.source, g.medium, g.campaign, g.device, g.variant)
$$;

revoke all on function public.record_page_visitors(jsonb, jsonb) from public, anon, authenticated;
revoke all on function public.page_count_rows(date, date, text, smallint) from public, anon, authenticated;
grant execute on function public.record_page_visitors(jsonb, jsonb) to service_role;
grant execute on function public.page_count_rows(date, date, text, smallint) to service_role;

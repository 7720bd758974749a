-- The cap on a market's new campaign keys per day, made cheap and safe under concurrent batches.
--
-- record_page_counts used to count the distinct campaign keys of the market's day in page_counts for every slice of a
-- batch: the work of a batch grew with the rows the day already held (a simulated day of 1,000,000 visits over 10,000
-- campaign values did not finish in 25 minutes). Each market's day now lists its admitted campaign keys in a small
-- table of its own, read by its primary key; the cap is checked once per market and day and batch, over at most
-- `campaign_cap` keys. The keys of days more than a week before a batch's are forgotten: the counts keep every key,
-- and a batch that late (an instance whose store was down for a week) admits at most another cap of keys.
--
-- The advisory locks of a batch's market days are taken in one order (day, then market), so two instances' batches
-- that name the same markets in another order take turns instead of deadlocking, and the counts' rows are written in
-- their key's order for the same reason; record_page_vitals writes its buckets in their order too.
--
-- The keys the caller names `uncapped` (no campaign, "(other)", an ad platform's click without campaign parameters:
-- lib/analytics/campaign-key.ts) never count towards the cap and are never sent to "(other)": a flood of made-up
-- campaigns early in the day no longer hides the day's direct visits.
--
-- Additive for a running site: the previous version calls record_page_counts(counts, campaign_cap), which the new
-- signature answers (uncapped defaults to none).

create table public.page_count_campaigns (
  day date not null,
  market text not null check (market in ('mx', 'br', 'ar')),
  source text not null,
  medium text not null,
  campaign text not null,
  primary key (day, market, source, medium, campaign)
);

comment on table public.page_count_campaigns is 'The campaign keys each market has admitted per day under record_page_counts'' cap (the last week''s days); written by the site''s server (service role).';

alter table public.page_count_campaigns enable row level security;
revoke all on table public.page_count_campaigns from public, anon, authenticated;
grant select, insert, delete on table public.page_count_campaigns to service_role;

insert into public.page_count_campaigns (day, market, source, medium, campaign)
select distinct c.day, c.market, c.source, c.medium, c.campaign
from public.page_counts c
where c.day >= current_date - 8 and c.source <> '(other)';

drop function public.record_page_counts(jsonb, integer);

-- Adds a batch of increments: [{day, market, page, source, medium, campaign, device, variant, visits, formStarts,
-- visitors}]. Visits and form starts add up; visitors is the store's running count for the day, so the higher one
-- stays. A campaign key the market has not admitted that day, once it has admitted `campaign_cap` of them, counts as
-- "(other)"; within a batch the keys with the most visits are admitted first. Returns the rows written.
create function public.record_page_counts(counts jsonb, campaign_cap integer default 500, uncapped jsonb default '[]')
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
      coalesce((item->>'formStarts')::bigint, 0) as form_starts, (item->>'visitors')::bigint as visitors
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
    (day, market, page, source, medium, campaign, device, variant, visits, form_starts, visitors)
  select k.day, k.market, k.page,
    case when k.admitted then k.source else '(other)' end,
    case when k.admitted then k.medium else '(other)' end,
    case when k.admitted then k.campaign else '(other)' end,
    k.device, k.variant, sum(k.visits), sum(k.form_starts), max(k.visitors)
  from kept k
  group by 1, 2, 3, 4, 5, 6, 7, 8
  order by 1, 2, 3, 4, 5, 6, 7, 8
  on conflict (day, market, page, source, medium, campaign, device, variant) do update set
    visits = c.visits + excluded.visits,
    form_starts = c.form_starts + excluded.form_starts,
    visitors = greatest(c.visitors, excluded.visitors);
  get diagnostics written = row_count;
  return written;
end;
$$;

revoke all on function public.record_page_counts(jsonb, integer, jsonb) from public, anon, authenticated;
grant execute on function public.record_page_counts(jsonb, integer, jsonb) to service_role;

-- Adds a batch of histogram samples: [{day, market, page, device, metric, bucket, samples}], in the buckets' order
-- (two instances' batches listing the same buckets in another order deadlocked), a bucket named twice added once.
create or replace function public.record_page_vitals(vitals jsonb) returns integer
language sql
security invoker
set search_path = ''
as $$
  with rows as (
    insert into public.page_vitals as v (day, market, page, device, metric, bucket, samples)
    select (item->>'day')::date, item->>'market', item->>'page', item->>'device', item->>'metric',
      (item->>'bucket')::smallint, sum((item->>'samples')::bigint)
    from jsonb_array_elements(vitals) item
    group by 1, 2, 3, 4, 5, 6
    order by 1, 2, 3, 4, 5, 6
    on conflict (day, market, page, device, metric, bucket) do update set samples = v.samples + excluded.samples
    returning 1
  )
  select count(*)::integer from rows
$$;

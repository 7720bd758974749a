-- Readiness (GET /api/ready on the site): one cheap call through the same gateway, key, PostgREST and database as an
-- insert, needing no read grant on leads. True when the calling role — the site's anon key — may insert into
-- contact_submissions; an unreachable database, a wrong key or a missing grant each answer otherwise.

create or replace function public.leads_store_ready() returns boolean
  language sql
  stable
  security invoker
  set search_path = ''
as $$
  select has_any_column_privilege('public.contact_submissions', 'INSERT')
$$;

comment on function public.leads_store_ready() is 'Whether the calling role may insert leads; called by the site''s readiness check.';

revoke all on function public.leads_store_ready() from public;
grant execute on function public.leads_store_ready() to anon, authenticated, service_role;

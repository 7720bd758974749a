-- Signed calls to our Edge Functions (supabase/functions/_shared/signed-request.ts) carry a timestamp and an
-- HMAC; a captured call stays valid for the tolerance window, so each accepted signature is recorded here until it
-- expires, and a second call with it is refused. The database is what every instance of every function shares.
-- Only the service role (the functions) may touch it; claim_request_signature claims one atomically and clears
-- expired rows on the way.

create table public.signed_request_replays (
  signature text primary key check (signature ~ '^[0-9a-f]{64}$'),
  expires_at timestamptz not null
);

create index signed_request_replays_expires_at on public.signed_request_replays (expires_at);

comment on table public.signed_request_replays is 'Signatures of accepted signed calls, kept until their timestamp leaves the tolerance window; written only by the Edge Functions (service role).';

alter table public.signed_request_replays enable row level security;
revoke all on table public.signed_request_replays from public, anon, authenticated;
grant all on table public.signed_request_replays to service_role;

-- True the first time a signature is claimed, false for a replay.
create function public.claim_request_signature(signature text, expires_at timestamptz) returns boolean
language plpgsql
set search_path = ''
as $$
declare
  claimed integer;
begin
  delete from public.signed_request_replays r where r.expires_at < now();
  insert into public.signed_request_replays (signature, expires_at)
    values (claim_request_signature.signature, claim_request_signature.expires_at)
    on conflict do nothing;
  get diagnostics claimed = row_count;
  return claimed = 1;
end;
$$;

revoke execute on function public.claim_request_signature(text, timestamptz) from public, anon, authenticated;
grant execute on function public.claim_request_signature(text, timestamptz) to service_role;

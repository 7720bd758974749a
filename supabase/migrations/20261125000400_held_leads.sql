-- Held leads (additive: every existing row and query keeps working). The site stores every lead it accepts, but a
-- lead whose proof of work was missing, invalid, expired or already spent gets no sales alert of its own and no
-- conversion: `held_reason` says why, it is listed in the held-leads digest, and an operator may release it
-- (docs/leads.md). A proven lead that arrived above the global ceiling is marked `over_ceiling`: sales gets it in the
-- next summary instead of an alert of its own, and Meta never hears of it. The site writes held_reason with the
-- insert (anon's grant covers it); only the service role clears it and sets `released_at`. The meta-conversion
-- function withholds any lead with a held_reason (conversion_withheld_reason 'held'). Deploy this migration first,
-- then the function, then the site.

alter table public.contact_submissions
  add column held_reason text check (
    held_reason in ('no_proof', 'invalid_proof', 'expired_proof', 'spent_proof', 'over_ceiling')
  ),
  add column released_at timestamptz;

alter table public.contact_submissions
  drop constraint contact_submissions_conversion_withheld_reason_check,
  add constraint contact_submissions_conversion_withheld_reason_check
    check (conversion_withheld_reason in ('no_consent', 'held'));

comment on column public.contact_submissions.held_reason is 'Why the lead got no sales alert of its own and no conversion: no_proof, invalid_proof, expired_proof or spent_proof (a held lead, see docs/leads.md), or over_ceiling (sent to sales in a summary); null for an ordinary lead or a released one.';
comment on column public.contact_submissions.released_at is 'When an operator released the held lead (service role); its alert was sent then.';
comment on column public.contact_submissions.conversion_withheld_reason is 'Why the meta-conversion function sent Meta nothing for this lead: no_consent, or held (see held_reason); written only by the function (service role).';

-- Held leads are listed by when they arrived.
create index contact_submissions_held_idx on public.contact_submissions (created_at) where held_reason is not null;

grant insert (held_reason) on table public.contact_submissions to anon;

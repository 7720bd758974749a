-- Campaign attribution and the consent record, stored with each lead (additive: every existing row and query keeps
-- working). lib/attribution/campaign-touch.ts cleans what the browser sends before it gets here; these checks mirror
-- its rules, so the database never stores a value the route would not have produced:
--   * campaign parameters (utm_*): 1-200 characters, trimmed, no control or text-direction characters;
--   * click ids (gclid, gbraid, wbraid, fbclid, msclkid): 1-300 URL-safe characters, kept only with tracking consent
--     where the market asks for it;
--   * the landing page and the external referrer: an http(s) URL of at most 1,024 characters.
-- `first_*` is the first campaign visit within 90 days, `last_*` the latest; `*_touch_at` when it happened.
-- `tracking_consent` is the visitor's answer for this market's notice when the lead was sent, and
-- `privacy_notice_version` the notice they were shown (its "last updated" date). The site always writes both; they stay
-- nullable so that a site still running the previous version keeps storing leads once this migration is applied (a
-- null consent counts as none: the function reports no such lead). `conversion_withheld_reason` is written by the
-- meta-conversion function (service role) when it sends Meta nothing for the lead. Deploy this migration first, then
-- the function, then the site: the previous function knows nothing of consent and would report every lead.

create function public.is_tracking_text(value text, max_length integer) returns boolean
  language sql immutable parallel safe set search_path = ''
  as $$ select char_length(value) between 1 and max_length and value = btrim(value) and value !~ '[\u0001-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]' $$;

create function public.is_tracking_url(value text) returns boolean
  language sql immutable parallel safe set search_path = ''
  as $$ select public.is_tracking_text(value, 1024) and value ~ '^https?://[^[:space:]]+$' $$;

create function public.is_click_id(value text) returns boolean
  language sql immutable parallel safe set search_path = ''
  as $$ select char_length(value) between 1 and 300 and value ~ '^[A-Za-z0-9._~-]+$' $$;

comment on function public.is_tracking_text(text, integer) is 'CHECK rule of a campaign parameter: what lib/attribution/campaign-touch.ts keeps.';
comment on function public.is_tracking_url(text) is 'CHECK rule of a landing page or referrer URL.';
comment on function public.is_click_id(text) is 'CHECK rule of an ad click id.';

alter table public.contact_submissions
  add column first_touch_at timestamptz,
  add column first_landing_url text check (public.is_tracking_url(first_landing_url)),
  add column first_referrer text check (public.is_tracking_url(first_referrer)),
  add column first_utm_source text check (public.is_tracking_text(first_utm_source, 200)),
  add column first_utm_medium text check (public.is_tracking_text(first_utm_medium, 200)),
  add column first_utm_campaign text check (public.is_tracking_text(first_utm_campaign, 200)),
  add column first_utm_term text check (public.is_tracking_text(first_utm_term, 200)),
  add column first_utm_content text check (public.is_tracking_text(first_utm_content, 200)),
  add column first_gclid text check (public.is_click_id(first_gclid)),
  add column first_gbraid text check (public.is_click_id(first_gbraid)),
  add column first_wbraid text check (public.is_click_id(first_wbraid)),
  add column first_fbclid text check (public.is_click_id(first_fbclid)),
  add column first_msclkid text check (public.is_click_id(first_msclkid)),
  add column last_touch_at timestamptz,
  add column last_landing_url text check (public.is_tracking_url(last_landing_url)),
  add column last_referrer text check (public.is_tracking_url(last_referrer)),
  add column last_utm_source text check (public.is_tracking_text(last_utm_source, 200)),
  add column last_utm_medium text check (public.is_tracking_text(last_utm_medium, 200)),
  add column last_utm_campaign text check (public.is_tracking_text(last_utm_campaign, 200)),
  add column last_utm_term text check (public.is_tracking_text(last_utm_term, 200)),
  add column last_utm_content text check (public.is_tracking_text(last_utm_content, 200)),
  add column last_gclid text check (public.is_click_id(last_gclid)),
  add column last_gbraid text check (public.is_click_id(last_gbraid)),
  add column last_wbraid text check (public.is_click_id(last_wbraid)),
  add column last_fbclid text check (public.is_click_id(last_fbclid)),
  add column last_msclkid text check (public.is_click_id(last_msclkid)),
  add column tracking_consent text check (tracking_consent in ('granted', 'denied', 'unanswered', 'not_asked')),
  add column privacy_notice_version text check (privacy_notice_version ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$'),
  add column conversion_withheld_reason text check (conversion_withheld_reason in ('no_consent'));

comment on column public.contact_submissions.tracking_consent is 'Tracking consent when the lead was sent: granted or denied for this market''s current notice, unanswered, or not_asked (the market does not ask); null on leads stored before it was recorded, which counts as no consent.';
comment on column public.contact_submissions.privacy_notice_version is 'The privacy notice shown with the form: its "last updated" date (YYYY-MM-DD).';
comment on column public.contact_submissions.conversion_withheld_reason is 'Why the meta-conversion function sent Meta nothing for this lead (no_consent); written only by the function (service role).';

-- The site's key may insert exactly these new columns as well; conversion_withheld_reason stays the function's.
grant insert (
  first_touch_at,
  first_landing_url,
  first_referrer,
  first_utm_source,
  first_utm_medium,
  first_utm_campaign,
  first_utm_term,
  first_utm_content,
  first_gclid,
  first_gbraid,
  first_wbraid,
  first_fbclid,
  first_msclkid,
  last_touch_at,
  last_landing_url,
  last_referrer,
  last_utm_source,
  last_utm_medium,
  last_utm_campaign,
  last_utm_term,
  last_utm_content,
  last_gclid,
  last_gbraid,
  last_wbraid,
  last_fbclid,
  last_msclkid,
  tracking_consent, privacy_notice_version
) on table public.contact_submissions to anon;

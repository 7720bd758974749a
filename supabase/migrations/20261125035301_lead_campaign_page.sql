-- The campaign page a lead was sent from: its slug (the page is /<market>/<slug>), null for the market's own page.
-- The CHECK is the slug rule of lib/campaign/campaign-slug.ts, so the database stores only what the route accepts.
-- Additive: a site still running the previous version keeps storing leads (null page). Apply before deploying the site.
alter table public.contact_submissions
  add column page_slug text check (char_length(page_slug) <= 80 and page_slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$');

comment on column public.contact_submissions.page_slug is 'The campaign page the lead was sent from (its slug, the page being /<market>/<slug>); null for the market''s own page.';

-- The site's key may insert it too.
grant insert (page_slug) on table public.contact_submissions to anon;

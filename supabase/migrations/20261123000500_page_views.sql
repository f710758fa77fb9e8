-- The owner's funnel (`npm run admin -- stats`, docs/privacy-and-data.md "Page views").

-- Views of the landing page and the course page, per UTC day: the embedded server counts them in memory and
-- adds its counts here at most once a minute. Nothing about a visitor is kept: no cookie, address or browser.
create table public.page_views (
  day date not null,
  path text not null check (path in ('/', '/course')),
  views bigint not null check (views >= 0),
  primary key (day, path)
);

alter table public.page_views enable row level security;
revoke all on table public.page_views from anon, authenticated;
grant all on table public.page_views to service_role;

-- When a learner first saved progress on a lesson: the funnel's "lessons started". Rows saved before this
-- migration take their last save as the best known start.
alter table public.lesson_progress add column created_at timestamptz not null default now();
update public.lesson_progress set created_at = updated_at;

-- The outline says which lessons play as an adaptive stream (not where: only a preview's files are named), so that
-- /course fetches the stream player's script while a learner reads "Continue to your course"
-- (docs/decisions/0153-the-learner-on-a-phone.md). Appended, so `create or replace` keeps the view's grants and
-- the storage policy that reads it.
create or replace view public.course_outline
  with (security_invoker = false, security_barrier = true)
as
select
  slug,
  title,
  summary,
  duration_seconds,
  order_index,
  case when is_preview or row_number() over (order by order_index, id) = 1 then poster_path end as poster_path,
  is_preview,
  speaks_to,
  case when is_preview then video_path end as video_path,
  case when is_preview then captions_path end as captions_path,
  case when is_preview then stream_path end as stream_path,
  stream_path is not null as streams
from public.lessons
where is_published
order by order_index, id;

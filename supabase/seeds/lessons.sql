-- Written from supabase/seeds/lessons.json by scripts/make-placeholder-lessons.mjs (edit that file, then run
-- `node scripts/make-placeholder-lessons.mjs --seed-only`): the placeholder lessons, published, for a new
-- installation. Their files are in supabase/storage/course/lessons/ (uploaded by `supabase seed buckets`, copied
-- by the embedded server). Inserted only into an empty table, so running this again never duplicates a lesson.
insert into public.lessons
  (slug, title, summary, video_path, captions_path, poster_path, duration_seconds, order_index, is_published,
   is_preview, speaks_to)
select slug, title, summary, video_path, captions_path, poster_path, duration_seconds, order_index, true,
  is_preview, speaks_to
from (values
  ('why-three-lenses', 'Why plan with three lenses', 'Nobody can predict the future, so the companies that stay ahead prepare for several. Meet the simple 3-lens framework they use, and why one lens is never enough.', 'lessons/why-three-lenses.mp4', 'lessons/why-three-lenses.vtt', 'lessons/why-three-lenses.webp', 47, 1, true, array[]::text[]),
  ('the-trends-lens', 'Lens one: trends', 'How to spot the trends in technology, work and society that will impact your career, and why tasks change long before job titles do.', 'lessons/the-trends-lens.mp4', 'lessons/the-trends-lens.vtt', 'lessons/the-trends-lens.webp', 43, 2, false, array['AI taking over jobs', 'Automation', 'Staying relevant', 'Job security', 'Climate change', 'Cost of living', 'Relocation', 'Technology', 'Tech skills', 'Data analysis']),
  ('the-strengths-lens', 'Lens two: strengths', 'Take stock of the skills, subjects and experience you bring, including the ones you take for granted, and ask the people who know you.', 'lessons/the-strengths-lens.mp4', 'lessons/the-strengths-lens.vtt', 'lessons/the-strengths-lens.webp', 37, 3, false, array['Starting my first job', 'Career change', 'under25', 'Problem-solving', 'Communication', 'Creativity', 'Leadership', 'Empathy', 'Mentoring', 'Advisory', 'Science', 'Math', 'Art & Design']),
  ('the-dreams-lens', 'Lens three: dreams', 'Bring back what you wanted to be as a child and name what matters to you today, so your plan is one you will want to follow.', 'lessons/the-dreams-lens.mp4', 'lessons/the-dreams-lens.vtt', 'lessons/the-dreams-lens.webp', 43, 4, false, array['Purpose & meaning', 'Burnout', 'Work/life balance', 'Career change', 'Music', 'Drama/Theatre', 'Writing', 'Volunteering']),
  ('from-opportunities-to-action', 'From opportunities to action this week', 'Put the three lenses together, turn the trends into personal opportunities, and choose one small step to start taking action this week.', 'lessons/from-opportunities-to-action.mp4', 'lessons/from-opportunities-to-action.vtt', 'lessons/from-opportunities-to-action.webp', 42, 5, false, array['Career change', 'Starting my first job', 'Job security', 'Cost of living', '55plus', '45-55', 'Consulting', 'Board work', 'Strategy'])
) as sample (slug, title, summary, video_path, captions_path, poster_path, duration_seconds, order_index,
  is_preview, speaks_to)
where not exists (select 1 from public.lessons);

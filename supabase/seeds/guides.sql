-- The sample guides, for a new installation. Their pictures are in supabase/storage/guides/ (uploaded by
-- `supabase seed buckets`, copied by the embedded server). Inserted only into an empty table, so running this
-- again never duplicates a guide.
insert into public.guides (name, title, quote, image_url, order_index, is_active)
select name, title, quote, image_url, order_index, is_active
from (values
  ('Amara Okafor', 'Former Head of Strategy, global logistics group', 'Every career plan I admire started with an honest look at the trends, not the job titles.', 'amara-okafor.svg', 1, true),
  ('Daniel Weber', 'Career coach for engineers moving into AI', 'AI changes tasks long before it changes jobs. Plan for the tasks.', 'daniel-weber.svg', 2, true),
  ('Mei-Lin Chen', 'Product designer and mentor', null, 'mei-lin-chen.svg', 3, true),
  ('Rafael Santos', 'Founder, community apprenticeship network', 'You do not need a perfect plan, just a better next step.', 'rafael-santos.svg', 4, true),
  ('Priya Raman', 'Scenario planner, energy sector', 'Three lenses beat one crystal ball.', 'priya-raman.svg', 5, true),
  ('Tom Osei', 'School careers adviser', 'Students light up when they see where their favourite subject can take them.', 'tom-osei.svg', 6, true),
  ('Helen Park', 'Retired HR director (on a break)', 'Back soon with new sessions.', 'helen-park.svg', 7, false)
) as sample (name, title, quote, image_url, order_index, is_active)
where not exists (select 1 from public.guides);

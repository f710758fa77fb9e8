-- More of the site's words are the owner's (the rules of 20261203000200_site_words.sql): the teaser's and the
-- guides section's words, the footer's privacy link, who answers for the privacy page, the completion view's
-- next step on /course and the prompts of the learner's plan. Their defaults are in src/content (site-word-rules.ts).
insert into public.site_word_rules (key, kind, max_length, required) values
  ('teaser.title', 'text', 90, true),
  ('teaser.caption', 'text', 200, true),
  ('guides.eyebrow', 'text', 40, true),
  ('guides.title', 'text', 90, true),
  ('footer.privacyLabel', 'text', 40, true),
  -- Empty as shipped: the page then says how to reach the owner without them (the launch checklist asks for both).
  ('privacy.controller', 'text', 300, false),
  ('privacy.contact', 'text', 200, false),
  ('nextStep.heading', 'text', 60, true),
  ('nextStep.text', 'text', 400, true),
  ('nextStep.buttonLabel', 'text', 40, true),
  ('nextStep.url', 'link', 500, true),
  ('plan.trends1', 'text', 140, true),
  ('plan.trends2', 'text', 140, false),
  ('plan.strengths1', 'text', 140, true),
  ('plan.strengths2', 'text', 140, false),
  ('plan.dreams1', 'text', 140, true),
  ('plan.dreams2', 'text', 140, false),
  ('plan.firstStep', 'text', 140, true);

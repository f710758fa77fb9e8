/**
 * The words of the landing page (and of the footer every page shows) that the owner changes in the studio's Site
 * section, as shipped: a fresh install shows exactly these (the founder, the teaser's claim, "For Schools &
 * Employers" and its placeholder address "#" are for her to replace). Only what the page renders is here, in the
 * JavaScript every visitor runs first: the words only another page shows have their defaults in that page's content
 * (privacy.ts, course-next-step.ts, plan.ts), and the rules of every field, the page's title and description too,
 * are in site-word-rules.ts. A value is plain text; the bio's paragraphs are separated by a blank line.
 */
export const siteWordDefaults = {
  'hero.eyebrow': 'Free video course · 3-lens method',
  'hero.headlineProfane': 'What the f*ck should I do for a living?',
  'hero.headlineClean': 'What should I do for a living?',
  'hero.body':
    'Lost in your career, or unsure what AI means for your job? Learn the simple, scientific method that top companies use to plan ahead, and use it on your own future.',
  /** After the course's length, which the page adds: "About 12 minutes of short video lessons · …". */
  'hero.proof': 'of short video lessons · free · the method strategy teams at Shell and Unilever use',
  'hero.audience': 'For students, mid-career and senior professionals.',
  'teaser.title': 'Learn how to Strategise your Personal Future',
  'teaser.caption':
    'Quick cuts from the course: the 3-lens planning method that strategy teams at Shell and Unilever use to stay ahead.',
  'guides.eyebrow': 'Guides',
  'guides.title': 'No one should face the future alone. Meet some of our friends',
  'about.eyebrow': 'About the founder',
  'about.title': 'From global boardrooms to your kitchen table',
  'about.founderName': 'Jordan Ellis',
  'about.founderRole': 'Founder, former global head of strategy',
  'about.bio':
    'For fifteen years Jordan led strategy for a global consumer company, helping leadership teams read the trends that decide which businesses grow and which ones fade.\n\nThe same three lenses that shaped billion-dollar decisions work just as well for one person deciding what to do next. This course puts them on your kitchen table: plain language, no jargon, and short lessons that fit around your day.',
  'about.photoAlt': 'Illustrated portrait of Jordan Ellis, the founder, smiling in a blazer',
  'about.stat1Value': '15 years',
  'about.stat1Label': 'leading corporate strategy',
  'about.stat2Value': '3 lenses',
  'about.stat2Label': 'one repeatable method',
  'footer.privacyLabel': 'Privacy policy',
  'footer.partnersLabel': 'For Schools & Employers',
  'footer.partnersHref': '#',
} as const;

/**
 * The files she uploaded for the page, each the name of a file in a public bucket (public-file-url.ts); absent, the
 * page shows the shipped one: the founder's portrait (src/assets/founder.svg), the teaser's still
 * (src/assets/teaser-still-*.webp), video and captions (public/media/).
 */
type SiteFileKey = 'about.photo' | 'teaser.poster' | 'teaser.video' | 'teaser.captions';

/** The page's words: the owner's where she changed them, the defaults elsewhere; her files where she gave them. */
export type SiteWords = { readonly [Key in keyof typeof siteWordDefaults]: string } & {
  readonly [Key in SiteFileKey]?: string;
};
/** The fields the owner changed, as the database keeps them. */
export type SiteWordChanges = Readonly<Record<string, string>>;

/** A paragraphs field's paragraphs: split at blank lines, none empty (HTML drops the spaces around each). */
export const paragraphsOf = (value: string) => value.split(/\n\s*\n/).filter((paragraph) => paragraph.trim());

/**
 * Every field of the site's words with its default and its rules, which are the rules of public.site_word_rules
 * that the database holds the owner's words to: for the studio, and for the pages' head at render time. The page
 * itself reads only site-words.ts.
 */
import { landingPageCopy } from './landing-page';
import { siteWordDefaults } from './site-words';

interface SiteWordRule {
  /**
   * A picture's, video's or captions' words are the name of a file she uploaded to a public bucket ("guides" for
   * pictures, "teaser" for the teaser's video and captions); empty is the shipped one.
   */
  kind: 'text' | 'paragraphs' | 'link' | 'picture' | 'video' | 'captions';
  maxLength: number;
  /** An optional field may be left empty (a link not shown); a required one may not. */
  required: boolean;
}

const text = (maxLength: number) => ({ kind: 'text', maxLength, required: true }) as const;
const picture = { kind: 'picture', maxLength: 40, required: false } as const;

export const siteWordRules = {
  'page.title': text(70),
  'page.description': text(160),
  'page.shareImage': picture,
  'hero.eyebrow': text(50),
  'hero.headlineProfane': text(60),
  'hero.headlineClean': text(60),
  'hero.body': text(300),
  'hero.proof': text(110),
  'hero.audience': text(120),
  'about.eyebrow': text(40),
  'about.title': text(90),
  'about.founderName': text(80),
  'about.founderRole': text(100),
  'about.bio': { kind: 'paragraphs', maxLength: 1500, required: true },
  'about.photo': picture,
  'about.photoAlt': text(200),
  'about.stat1Value': text(20),
  'about.stat1Label': text(60),
  'about.stat2Value': text(20),
  'about.stat2Label': text(60),
  'teaser.poster': picture,
  'teaser.video': { kind: 'video', maxLength: 60, required: false },
  'teaser.captions': { kind: 'captions', maxLength: 60, required: false },
  'footer.partnersLabel': { kind: 'text', maxLength: 40, required: false },
  'footer.partnersHref': { kind: 'link', maxLength: 500, required: false },
} as const satisfies Record<string, SiteWordRule>;

export type SiteWordKey = keyof typeof siteWordRules;
export const siteWordKeys = Object.keys(siteWordRules) as SiteWordKey[];

/**
 * Every field's default: the page's title and description as index.html has them, its files (empty: the shipped
 * ones), and the page's words.
 */
export const everySiteWordDefault: Record<SiteWordKey, string> = {
  'page.title': landingPageCopy.title,
  'page.description': landingPageCopy.description,
  'page.shareImage': '',
  'about.photo': '',
  'teaser.poster': '',
  'teaser.video': '',
  'teaser.captions': '',
  ...siteWordDefaults,
};

/** Every field's words: the owner's where she changed them, the defaults elsewhere. */
export type EverySiteWord = Readonly<Record<SiteWordKey, string>>;

/** Every field's words for the studio: `changes` over the defaults, and only the fields (a stray key goes). */
export const everySiteWordWith = (changes: Readonly<Record<string, string>>): EverySiteWord =>
  Object.fromEntries(
    siteWordKeys.map((key) => [key, changes[key] ?? everySiteWordDefault[key]]),
  ) as EverySiteWord;

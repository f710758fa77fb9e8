/**
 * Every field of the site's words with its default and its rules, which are the rules of public.site_word_rules
 * that the database holds the owner's words to: for the studio, and for the pages' head at render time. The pages
 * themselves read only the defaults of the words they show.
 */
import { courseNextStep } from './course-next-step';
import { landingPageCopy } from './landing-page';
import { planPrompts } from './plan';
import { privacyWordDefaults } from './privacy';
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
const optionalText = (maxLength: number) => ({ kind: 'text', maxLength, required: false }) as const;
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
  'teaser.title': text(90),
  'teaser.caption': text(200),
  'teaser.poster': picture,
  'teaser.video': { kind: 'video', maxLength: 60, required: false },
  'teaser.captions': { kind: 'captions', maxLength: 60, required: false },
  'guides.eyebrow': text(40),
  'guides.title': text(90),
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
  'footer.privacyLabel': text(40),
  'footer.partnersLabel': optionalText(40),
  'footer.partnersHref': { kind: 'link', maxLength: 500, required: false },
  'privacy.controller': optionalText(300),
  'privacy.contact': optionalText(200),
  'nextStep.heading': text(60),
  'nextStep.text': text(400),
  'nextStep.buttonLabel': text(40),
  'nextStep.url': { kind: 'link', maxLength: 500, required: true },
  'plan.trends1': text(140),
  'plan.trends2': optionalText(140),
  'plan.strengths1': text(140),
  'plan.strengths2': optionalText(140),
  'plan.dreams1': text(140),
  'plan.dreams2': optionalText(140),
  'plan.firstStep': text(140),
} as const satisfies Record<string, SiteWordRule>;

export type SiteWordKey = keyof typeof siteWordRules;
export const siteWordKeys = Object.keys(siteWordRules) as SiteWordKey[];

/**
 * Every field's default: the page's title and description as index.html has them, its files (empty: the shipped
 * ones), and the pages' words.
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
  ...privacyWordDefaults,
  ...courseNextStep,
  ...planPrompts,
};

/** Every field's words: the owner's where she changed them, the defaults elsewhere. */
export type EverySiteWord = Readonly<Record<SiteWordKey, string>>;

/** Every field's words for the studio: `changes` over the defaults, and only the fields (a stray key goes). */
export const everySiteWordWith = (changes: Readonly<Record<string, string>>): EverySiteWord =>
  Object.fromEntries(
    siteWordKeys.map((key) => [key, changes[key] ?? everySiteWordDefault[key]]),
  ) as EverySiteWord;

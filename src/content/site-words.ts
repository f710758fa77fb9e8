/**
 * The site's words the owner changes in the studio's Site section: each field's default (the words of the other
 * modules here, so a fresh install shows the shipped page), its label, and its rules, which are the rules of
 * public.site_word_rules that the database holds her words to. A value is plain text; `paragraphs` are separated
 * by a blank line.
 */
import { aboutCopy } from './about';
import { footerCopy } from './footer';
import { heroCopy } from './hero';
import { landingPageCopy } from './landing-page';

type SiteWordKind = 'text' | 'paragraphs' | 'link';

export interface SiteWordField {
  group: SiteWordGroup;
  label: string;
  hint?: string;
  kind: SiteWordKind;
  maxLength: number;
  /** An optional field may be left empty (a link not shown); a required one may not. */
  required: boolean;
  default: string;
}

export const siteWordGroups = {
  page: 'The page in search results and shares',
  hero: 'First screen',
  about: 'About the founder',
  footer: 'Footer',
} as const;
export type SiteWordGroup = keyof typeof siteWordGroups;

const text = (group: SiteWordGroup, label: string, maxLength: number, value: string, hint?: string) =>
  ({ group, label, kind: 'text', maxLength, required: true, default: value, ...(hint && { hint }) }) as const;

export const siteWordFields = {
  'page.title': text(
    'page',
    'Title',
    70,
    landingPageCopy.title,
    'The browser tab and the search result’s link.',
  ),
  'page.description': text(
    'page',
    'Description',
    160,
    landingPageCopy.description,
    'Under the link in search results.',
  ),
  'hero.eyebrow': text('hero', 'Line above the headline', 50, heroCopy.eyebrow),
  'hero.headlineProfane': text(
    'hero',
    'Headline',
    60,
    heroCopy.headlineProfane,
    'At most 60 characters, so it fits the first screen of a phone.',
  ),
  'hero.headlineClean': text(
    'hero',
    'Headline, clean version',
    60,
    heroCopy.headlineClean,
    'Shown when a visitor turns on “Clean version”.',
  ),
  'hero.body': text('hero', 'The promise', 300, heroCopy.body),
  'hero.proof': text(
    'hero',
    'Proof line',
    110,
    heroCopy.proof,
    'After the course’s length, which the page adds: “About 12 minutes …”.',
  ),
  'hero.audience': text('hero', 'Who it is for', 120, heroCopy.audience),
  'about.eyebrow': text('about', 'Line above the heading', 40, aboutCopy.eyebrow),
  'about.title': text('about', 'Heading', 90, aboutCopy.title),
  'about.founderName': text('about', 'Your name', 80, aboutCopy.founderName),
  'about.founderRole': text('about', 'Your role', 100, aboutCopy.founderRole),
  'about.bio': {
    group: 'about',
    label: 'About you',
    hint: 'Leave a blank line between paragraphs.',
    kind: 'paragraphs',
    maxLength: 1500,
    required: true,
    default: aboutCopy.bio.join('\n\n'),
  },
  'about.photoAlt': text('about', 'Your photo, described for screen readers', 200, aboutCopy.photoAlt),
  'about.stat1Value': text('about', 'First number', 20, aboutCopy.stats[0].value),
  'about.stat1Label': text('about', 'What the first number counts', 60, aboutCopy.stats[0].label),
  'about.stat2Value': text('about', 'Second number', 20, aboutCopy.stats[1].value),
  'about.stat2Label': text('about', 'What the second number counts', 60, aboutCopy.stats[1].label),
  'footer.partnersLabel': {
    group: 'footer',
    label: 'Partners link',
    hint: 'Leave it empty to show no partners link.',
    kind: 'text',
    maxLength: 40,
    required: false,
    default: footerCopy.partners.label,
  },
  'footer.partnersHref': {
    group: 'footer',
    label: 'Partners link’s address',
    hint: 'https://…, mailto:… or a page of this site such as /privacy.',
    kind: 'link',
    maxLength: 500,
    required: false,
    default: footerCopy.partners.href,
  },
} as const satisfies Record<string, SiteWordField>;

type SiteWordKey = keyof typeof siteWordFields;
/** Every field's words: the owner's where she changed them, the defaults elsewhere. */
export type SiteWords = { readonly [Key in SiteWordKey]: string };
/** The fields the owner changed, as the database keeps them. */
export type SiteWordChanges = Partial<Record<SiteWordKey, string>>;

export const siteWordKeys = Object.keys(siteWordFields) as SiteWordKey[];

/** The words a page shows: `changes` over the defaults (a key that is no field is ignored). */
export function siteWordsWith(changes: Readonly<Record<string, string>>): SiteWords {
  return Object.fromEntries(
    siteWordKeys.map((key) => [
      key,
      Object.hasOwn(changes, key) ? changes[key] : siteWordFields[key].default,
    ]),
  ) as SiteWords;
}

/** A paragraphs field's paragraphs: split at blank lines, each trimmed, none empty. */
export const paragraphsOf = (value: string) =>
  value
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '');

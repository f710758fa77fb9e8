/**
 * Every word of the studio's Site section: the owner's words for the landing page, the privacy page and the
 * course, drafted, previewed, published and restored, with each field's label and hint (their defaults and rules
 * are in site-word-rules.ts).
 */
import type { SiteWordKey } from './site-word-rules';

/** The parts of the site, in the form's order, and each field's label (and hint) in them. */
const groups: readonly {
  /** Names its part of the form, and its link in the form's list of parts. */
  id: string;
  label: string;
  fields: Partial<Record<SiteWordKey, { label: string; hint?: string }>>;
}[] = [
  {
    id: 'search',
    label: 'The page in search results and shares',
    fields: {
      'page.title': { label: 'Title', hint: 'The browser tab and the search result’s link.' },
      'page.description': { label: 'Description', hint: 'Under the link in search results.' },
      'page.shareImage': {
        label: 'Share image',
        hint: 'Shown with the link when the page is shared in a message or on social media: 1200 × 630 pixels works best.',
      },
    },
  },
  {
    id: 'hero',
    label: 'First screen',
    fields: {
      'hero.eyebrow': { label: 'Line above the headline' },
      'hero.headlineProfane': {
        label: 'Headline',
        hint: 'At most 60 characters, so it fits the first screen of a phone.',
      },
      'hero.headlineClean': {
        label: 'Headline, clean version',
        hint: 'Shown when a visitor turns on “Clean version”.',
      },
      'hero.body': { label: 'The promise' },
      'hero.proof': {
        label: 'Proof line',
        hint: 'After the course’s length, which the page adds: “About 12 minutes …”.',
      },
      'hero.audience': { label: 'Who it is for' },
    },
  },
  {
    id: 'teaser',
    label: 'Teaser',
    fields: {
      'teaser.title': { label: 'Teaser heading' },
      'teaser.caption': { label: 'Under the teaser', hint: 'Say only what you can stand behind.' },
      'teaser.video': {
        label: 'Teaser video',
        hint: 'An MP4 or WebM video of about 30 seconds that plays on the page when a visitor presses Play Teaser.',
      },
      'teaser.captions': {
        label: 'Teaser captions',
        hint: 'A .vtt or .srt file with the teaser’s words, for visitors who watch without sound or cannot hear it.',
      },
      'teaser.poster': {
        label: 'Teaser’s poster',
        hint: 'Shown until a visitor plays the teaser, 16 : 9 and cropped from the middle: 1280 × 720 pixels works best.',
      },
    },
  },
  {
    id: 'guides',
    label: 'Guides',
    fields: {
      'guides.eyebrow': { label: 'Line above the guides’ heading' },
      'guides.title': { label: 'Guides’ heading', hint: 'The guides themselves are in the studio’s Guides.' },
    },
  },
  {
    id: 'about',
    label: 'About the founder',
    fields: {
      'about.eyebrow': { label: 'Line above the heading' },
      'about.title': { label: 'Heading' },
      'about.founderName': { label: 'Your name' },
      'about.founderRole': { label: 'Your role' },
      'about.bio': { label: 'About you', hint: 'Leave a blank line between paragraphs.' },
      'about.photo': {
        label: 'Your photo',
        hint: 'Shown up to 480 × 560 pixels, cropped from the middle: a portrait works best.',
      },
      'about.photoAlt': { label: 'Your photo, described for screen readers' },
      'about.stat1Value': { label: 'First number' },
      'about.stat1Label': { label: 'What the first number counts' },
      'about.stat2Value': { label: 'Second number' },
      'about.stat2Label': { label: 'What the second number counts' },
    },
  },
  {
    id: 'footer',
    label: 'Footer, on every page',
    fields: {
      'footer.privacyLabel': {
        label: 'Privacy link',
        hint: 'It always opens this site’s privacy page, which says what the site keeps.',
      },
      'footer.partnersLabel': { label: 'Partners link', hint: 'Leave it empty to show no partners link.' },
      'footer.partnersHref': {
        label: 'Partners link’s address',
        hint: 'https://…, mailto:… or a page of this site such as /privacy.',
      },
    },
  },
  {
    id: 'privacy',
    label: 'Privacy page',
    fields: {
      'privacy.controller': {
        label: 'Who is responsible for the data',
        hint: 'Your name, or your business’s name, and its postal address. Empty, the page says “the owner of this course”.',
      },
      'privacy.contact': {
        label: 'How to reach you about it',
        hint: 'An e-mail address (it becomes a link), or another way. Empty, the page says to reply to the course e-mail.',
      },
    },
  },
  {
    id: 'next-step',
    label: 'After the last lesson',
    fields: {
      'nextStep.heading': { label: 'Next step’s heading' },
      'nextStep.text': { label: 'Next step' },
      'nextStep.buttonLabel': { label: 'Next step’s button' },
      'nextStep.url': {
        label: 'Where the button leads',
        hint: 'A page of this site such as /course/plan (the learner’s plan), https://… or mailto:….',
      },
    },
  },
  {
    id: 'plan',
    label: 'The learner’s plan',
    fields: {
      'plan.trends1': { label: 'Trends lens: first question' },
      'plan.trends2': { label: 'Trends lens: second question', hint: 'Leave it empty to ask one question.' },
      'plan.strengths1': { label: 'Strengths lens: first question' },
      'plan.strengths2': {
        label: 'Strengths lens: second question',
        hint: 'Leave it empty to ask one question.',
      },
      'plan.dreams1': { label: 'Dreams lens: first question' },
      'plan.dreams2': { label: 'Dreams lens: second question', hint: 'Leave it empty to ask one question.' },
      'plan.firstStep': { label: 'First step: the question' },
    },
  },
];

/** Each field's label (and hint), by its key. */
const fields = Object.assign({}, ...groups.map((group) => group.fields)) as Record<
  SiteWordKey,
  { label: string; hint?: string }
>;

export const studioSiteCopy = {
  groups,
  fields,
  label: 'Site',
  intro:
    'The words of your landing page, your privacy page and your course. Change any of them and see them in the preview; visitors see them once you publish. What you type is shown as plain text.',
  partsLabel: 'Parts of your site',
  toPreview: 'See the preview',
  loading: 'Loading your words…',
  loadFailed: 'We couldn’t load your words. Please check your connection and try again.',
  tryAgain: 'Try again',
  formLabel: 'Your words',
  previewHeading: 'Preview',
  previewNote: 'As visitors will see it once you publish.',
  previewParts: {
    privacy: 'On the privacy page',
    nextStep: 'On the course page, once a learner has watched every lesson',
    plan: 'On the learner’s plan',
  },
  leadsTo: (url: string) => `The button leads to ${url}`,
  count: (used: number, most: number) => `${used} of ${most} characters`,
  resetField: (label: string) => `Put back the shipped words for “${label}”`,
  teaserFiles: {
    notAVideo: 'This file is not an MP4 or WebM video. Export the teaser as MP4, then upload that.',
    uploadingCaptions: 'Uploading the captions…',
    uploaded: 'Uploaded. Visitors see it once you publish.',
    uploadFailed:
      'The upload stopped. Check your connection and choose the file again: it goes on from where it stopped.',
    yoursVideo: 'Your video',
    yoursCaptions: 'Your captions',
    shippedVideo: 'The shipped teaser',
    shippedCaptions: 'The shipped captions',
    reset: (label: string) => `Put back the shipped file for “${label}”`,
    resetShort: 'Put back the shipped file',
  },
  pictures: {
    rules: 'A JPEG, PNG, WebP or AVIF picture of at most 5 MB.',
    yours: 'Your picture',
    shipped: 'The shipped picture',
    uploading: 'Uploading the picture…',
    uploaded: 'Uploaded. Visitors see it once you publish.',
    uploadFailed: (reason: string) => `The picture could not be uploaded: ${reason}`,
    reset: 'Put back the shipped picture',
    resetLabel: (label: string) => `Put back the shipped picture for “${label}”`,
  },
  reset: 'Put back the shipped words',
  saveDraft: 'Save draft',
  publish: 'Publish',
  saving: 'Saving…',
  publishing: 'Publishing…',
  /** The page's words and the e-mails' share one draft: Publish makes every change live, wherever it is. */
  unpublished: ({ page, emails }: { page: number; emails: number }) => {
    const changes = (count: number) => (count === 1 ? '1 change' : `${count} changes`);
    const where = [
      page > 0 ? `${changes(page)} to the page` : '',
      emails > 0 ? `${changes(emails)} to the e-mails` : '',
    ];
    return `Not published yet: ${where.filter(Boolean).join(' and ')}. Publish makes all of them live.`;
  },
  upToDate: 'Everything is published: visitors and learners get these words.',
  problems: {
    empty: (label: string) => `“${label}” may not be empty.`,
    tooLong: (label: string, maxLength: number) =>
      `“${label}” is at most ${maxLength} characters; it has more.`,
    headlineTooLong: (maxLength: number) =>
      `A headline of more than ${maxLength} characters does not fit the first screen of a phone: shorten it.`,
    link: 'Use an address that starts with https://, mailto: or / (a page of this site).',
    fix: 'Fix the fields marked below, then try again.',
  },
  status: {
    saved: 'Draft saved. Visitors still see the published words.',
    published: 'Published. Visitors see your words within a few seconds.',
    /** Where a static host serves the pages: they are built again by its build hook. */
    publishedToHost:
      'Published. Your site’s host now builds the pages again in your words: visitors see them within a few minutes.',
    restored: (version: number) =>
      `Version ${version} is published again. Visitors see it within a few seconds.`,
    restoredToHost: (version: number) =>
      `Version ${version} is published again. Your site’s host now builds the pages again: visitors see it within a few minutes.`,
    refused: (reason: string) => `That didn’t work: ${reason}`,
    unreachable: 'We couldn’t reach the server. Please check your connection and try again.',
  },
  history: {
    heading: 'Published versions',
    empty: 'Nothing published yet: visitors see the shipped words.',
    version: (id: number) => `Version ${id}`,
    publishedBy: (when: string, who: string) => `${when}, by ${who}`,
    restoredFrom: (id: number) => `a copy of version ${id}`,
    current: 'Shown now',
    restore: 'Restore',
    restoreLabel: (id: number) => `Restore version ${id}`,
    confirm: {
      title: (id: number) => `Publish version ${id} again?`,
      description:
        'Its words reach visitors within a few seconds and go out in the next e-mails, and your draft becomes a copy of it. The versions in between stay here.',
      unsaved: 'The changes you have not saved yet are dropped.',
      confirm: 'Publish it again',
      cancel: 'Cancel',
      close: 'Close',
    },
  },
} as const;

import teaserStill640 from '@/assets/teaser-still-640.webp';
import teaserStill960 from '@/assets/teaser-still-960.webp';
import teaserStill1280 from '@/assets/teaser-still-1280.webp';

/**
 * The teaser card's fixed words; its title and caption are the owner's (site-words.ts). To use the real teaser, replace public/media/teaser.mp4 (and its captions,
 * public/media/teaser.en.vtt) with files of the same names, or point these settings elsewhere.
 */
export const teaserCopy = {
  playTeaser: 'Play Teaser',
  teaserLength: '30 seconds',
  playFullCourse: 'Play Full Course (locked)',
  lockedHint: 'Free after a 30-second sign-up.',
  /** The same button for a visitor who is signed in: a link to the course. */
  unlockedHint: "You're signed in: every lesson is yours to watch.",
  videoLabel: 'Course teaser',
  /** The card over the last frame of the teaser. */
  endCard: {
    title: 'Liked the teaser?',
    action: 'Watch the full course free',
    replay: 'Replay teaser',
  },
} as const;

export const teaserSettings = {
  videoSrc: '/media/teaser.mp4',
  captionsSrc: '/media/teaser.en.vtt',
  captionsLanguage: 'en',
  captionsLabel: 'English',
  /** The still shown until Play, in three widths; the card is at most 1024 CSS pixels wide. */
  still: teaserStill1280,
  stillSrcSet: `${teaserStill640} 640w, ${teaserStill960} 960w, ${teaserStill1280} 1280w`,
  stillSizes: '(min-width: 1088px) 1024px, calc(100vw - 2.5rem)',
  stillWidth: 1280,
  stillHeight: 720,
} as const;

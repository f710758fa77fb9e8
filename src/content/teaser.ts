import teaserStill from '@/assets/teaser-still.webp';

/**
 * The teaser card. To use the real teaser, replace public/media/teaser.mp4 (and its captions,
 * public/media/teaser.en.vtt) with files of the same names, or point these settings elsewhere.
 */
export const teaserCopy = {
  title: 'Learn how to Strategise your Personal Future',
  playTeaser: 'Play Teaser',
  teaserLength: '30 seconds',
  caption:
    'Quick cuts from the course: the 3-lens planning method that strategy teams at Shell and Unilever use to stay ahead.',
  playFullCourse: 'Play Full Course (locked)',
  lockedHint: 'Free after a 30-second sign-up.',
  videoLabel: 'Course teaser',
} as const;

export const teaserSettings = {
  videoSrc: '/media/teaser.mp4',
  videoType: 'video/mp4',
  captionsSrc: '/media/teaser.en.vtt',
  captionsLanguage: 'en',
  captionsLabel: 'English',
  still: teaserStill,
  stillWidth: 1280,
  stillHeight: 720,
} as const;

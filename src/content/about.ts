import founderPhoto from '@/assets/founder.svg?no-inline';

/** The founder's photo: replace src/assets/founder.svg with the real one. Her words are in site-words.ts. */
export const aboutCopy = {
  photo: founderPhoto,
  photoWidth: 480,
  photoHeight: 560,
} as const;

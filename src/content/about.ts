import founderPhoto from '@/assets/founder.svg?no-inline';

/**
 * The founder's shipped portrait, shown until the owner uploads her photo in the studio (site word `about.photo`);
 * any photo is shown in its proportions, cropped from the middle. Her words are in site-words.ts.
 */
export const aboutCopy = {
  photo: founderPhoto,
  photoWidth: 480,
  photoHeight: 560,
} as const;

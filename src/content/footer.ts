import { PRIVACY_PATH } from './course';

/**
 * The footer's fixed words; its links' words are the owner's (site-words.ts), and so is the partners link's
 * address. The privacy link's address is not: it is this site's own page, which says what the site keeps.
 */
export const footerCopy = {
  copyright: (year: number, brand: string) => `© ${year} ${brand}`,
  privacyHref: PRIVACY_PATH,
  navLabel: 'Legal and partners',
} as const;

import { PRIVACY_PATH } from './course';

/** The footer's fixed words; the partners link is the owner's (site-words.ts). */
export const footerCopy = {
  copyright: (year: number, brand: string) => `© ${year} ${brand}`,
  privacy: { label: 'Privacy policy', href: PRIVACY_PATH },
  navLabel: 'Legal and partners',
} as const;

import { PRIVACY_PATH } from './course';

/**
 * "For Schools & Employers" points to a placeholder anchor until the owner gives it an address in the studio
 * (the partners link is one of the site's words: src/content/site-words.ts).
 */
export const footerCopy = {
  copyright: (year: number, brand: string) => `© ${year} ${brand}`,
  privacy: { label: 'Privacy policy', href: PRIVACY_PATH },
  partners: { label: 'For Schools & Employers', href: '#' },
  navLabel: 'Legal and partners',
} as const;

import { PRIVACY_PATH } from './course';

/** "For Schools & Employers" points to a placeholder anchor until its page exists. */
export const footerCopy = {
  copyright: (year: number, brand: string) => `© ${year} ${brand}`,
  links: [
    { label: 'Privacy policy', href: PRIVACY_PATH },
    { label: 'For Schools & Employers', href: '#' },
  ],
  navLabel: 'Legal and partners',
} as const;

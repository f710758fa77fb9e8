/** The footer links point to a placeholder anchor until the real pages exist. */
export const footerCopy = {
  copyright: (year: number, brand: string) => `© ${year} ${brand}`,
  links: [
    { label: 'Privacy policy', href: '#' },
    { label: 'For Schools & Employers', href: '#' },
  ],
  navLabel: 'Legal and partners',
} as const;

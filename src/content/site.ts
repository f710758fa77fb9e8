/** Brand settings shared by several sections. The brand name also appears in index.html's metadata. */
export const siteSettings = {
  brandName: 'Three Lenses',
} as const;

/** The first screen's fixed words; its headline, promise and proof are the owner's (site-words.ts). */
export const heroCopy = {
  cleanSwitchLabel: 'Clean version',
  /** The whole course's length, from its lessons' lengths in whole minutes. */
  courseLength: (minutes: number) => (minutes <= 1 ? 'About a minute' : `About ${minutes} minutes`),
  primaryCta: 'Sign up free and watch instantly',
  scrollLink: 'Scroll to sign up',
} as const;
